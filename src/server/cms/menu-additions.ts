import type { MenuRow } from '../seed/menu-data'

/** Buttons the area's issue asks for that the design's menu tree lacks, each with its reason. */
export const cmsMenuAdditions: readonly MenuRow[] = [
  // Issue 15: an article's attachments upload through oss (put-file-attach records the blade_attach
  // rows `attachIds` names); the office holds no 附件管理 grant.
  [
    'cms_article_upload',
    'cms_article',
    'button',
    '上传附件',
    'Upload',
    '',
    'cms',
    '/api/blade-resource/oss/endpoint/put-file-attach',
    'administrator,staff',
    'added: attachments of the article editor (issue 15)',
  ],
]
