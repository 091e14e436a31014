import { useState } from 'react'
import ResourcePage from '../resource/ResourcePage'
import {
  courseResource,
  knowledgeResource,
  labelResource,
  manualResource,
  noticeResource,
  studyRecordResource,
} from '../../shared/resources/safety/learning'
import { categoryResource } from '../../shared/resources/safety/bank'
import { safetyLearningApi } from '../../shared/api/safety'
import { ActionButton } from './actions'
import { T } from './texts'

/** 安全课程, 安全手册, 标签管理, 学习记录: the generic page of their definitions. */
export const CoursePage = () => <ResourcePage def={courseResource} />
export const ManualPage = () => <ResourcePage def={manualResource} />
export const LabelPage = () => <ResourcePage def={labelResource} />
export const StudyRecordPage = () => <ResourcePage def={studyRecordResource} />
export const CategoryPage = () => <ResourcePage def={categoryResource} />

/** 安全知识 with 复制 (a 草稿 「原标题（副本）」). */
export function KnowledgePage() {
  const [signal, setSignal] = useState(0)
  return (
    <ResourcePage
      def={knowledgeResource}
      reloadSignal={signal}
      rowExtra={(row) => (
        <ActionButton
          permission="safety_knowledge_copy"
          endpoint={safetyLearningApi.knowledge.copy}
          input={{ query: { id: String(row.id) } }}
          label={T.copy}
          done={() => T.copied.zh}
          onDone={() => setSignal((n) => n + 1)}
        />
      )}
    />
  )
}

/** 考试通知 with 复制. */
export function NoticePage() {
  const [signal, setSignal] = useState(0)
  return (
    <ResourcePage
      def={noticeResource}
      reloadSignal={signal}
      rowExtra={(row) => (
        <ActionButton
          permission="safety_notice_copy"
          endpoint={safetyLearningApi.notice.copy}
          input={{ query: { id: String(row.id) } }}
          label={T.copy}
          done={() => T.copied.zh}
          onDone={() => setSignal((n) => n + 1)}
        />
      )}
    />
  )
}
