/**
 * Which 首页 widgets a user sees (issue 15): the lab office (administrator, staff) the statistics and
 * 我的待办; a teacher 本周课表 and 我的待办; a student 本周安排 and 待参加的考试; everyone the banners,
 * 资讯 and 通知公告. The first matching role of the list decides.
 */
export type HomeRole = 'office' | 'teacher' | 'student' | 'guest'

export function homeRole(roleAliases: readonly string[]): HomeRole {
  if (roleAliases.includes('administrator') || roleAliases.includes('staff')) return 'office'
  if (roleAliases.includes('teacher')) return 'teacher'
  if (roleAliases.includes('student')) return 'student'
  return 'guest'
}

/**
 * Bench flag (bench/desk.ts): `localStorage['lab.home.plain'] = '1'` turns the statistics widgets off,
 * so the plain home (hero, quick links, notices) can be measured against the dashboard in one run.
 */
export const plainHome = (): boolean => {
  try {
    return globalThis.localStorage?.getItem('lab.home.plain') === '1'
  } catch {
    return false
  }
}
