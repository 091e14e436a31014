import type { MenuRow } from '../seed/menu-data'

/** Buttons the area's issue asks for that the design's menu tree lacks, each with its reason. */
export const deskMenuAdditions: readonly MenuRow[] = [
  // Issue 15: a notice's images and attachments upload through oss (put-file-attach records the
  // blade_attach rows `attachIds` names); the office holds no 附件管理 grant.
  [
    'notice_upload',
    'notice',
    'button',
    '上传附件',
    'Upload',
    '',
    'desk',
    '/api/blade-resource/oss/endpoint/put-file-attach',
    'administrator,staff',
    'added: attachments and images of the notice editor (issue 15)',
  ],
]
