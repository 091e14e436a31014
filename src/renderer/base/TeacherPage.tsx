import ResourcePage from '../resource/ResourcePage'
import { teacherResource } from '../../shared/resources/base/teacher'
import { SyncUsersButton, TeacherAccountButton } from './actions'

/** 教师管理: the generic page plus 同步用户 and a per-row 生成账号. */
export default function TeacherPage() {
  return (
    <ResourcePage
      def={teacherResource}
      toolbarExtra={<SyncUsersButton permission="base_teacher_sync" />}
      rowExtra={(row) => <TeacherAccountButton id={String(row.id)} />}
    />
  )
}
