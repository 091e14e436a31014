import type { MenuRow } from '../seed/menu-data'

/** Buttons the area's issue asks for that the design's menu tree lacks, each with its reason. */
export const qualityMenuAdditions: readonly MenuRow[] = [
  // Issue 15: "edit (录入检查结果, added in menu-additions)" and reports-portal.md 10.10: findings of
  // 课程检查 are recorded through `inspectioncourse/submit`.
  [
    'quality_inspectioncourse_edit',
    'quality_inspectioncourse',
    'button',
    '录入检查结果',
    'Record findings',
    '',
    'quality',
    '/api/quality/inspectioncourse/submit',
    'administrator,staff',
    'added: 课程检查 findings dialog (issue 15)',
  ],
  // Issue 15: "checklist form with up to 9 photos": the photos are uploads kept as attachments
  // (blade_attach), so the screen's inspectors need the attachment upload.
  [
    'quality_inspectionroom_photo',
    'quality_inspectionroom',
    'button',
    '上传照片',
    'Upload photos',
    '',
    'quality',
    '/api/blade-resource/oss/endpoint/put-file-attach',
    'administrator,staff',
    'added: 实验室检查 photos as attachments (issue 15)',
  ],
]
