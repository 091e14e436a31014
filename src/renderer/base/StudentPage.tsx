import ResourcePage from '../resource/ResourcePage'
import { studentResource } from '../../shared/resources/base/student'
import { SyncUsersButton } from './actions'

/** 学生管理: the generic page plus 同步用户. */
export default function StudentPage() {
  return (
    <ResourcePage def={studentResource} toolbarExtra={<SyncUsersButton permission="base_student_sync" />} />
  )
}
