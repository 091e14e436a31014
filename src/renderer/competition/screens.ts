import type { ComponentType } from 'react'
import { competitionPreliminaryResultResource } from '../../shared/resources/competition'
import type { ScreenEntry, ScreenTitle } from '../routes/registry'

const audits = () => import('./AuditPage')
const processes = () => import('./ProcessPages')
const page =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) =>
  () =>
    load().then((m) => ({ default: m[name] as ComponentType }))

/** handle (both shapes of its path) and detail pages of one of the area's flows. */
function processScreens(
  type: string,
  title: ScreenTitle,
  handle: 'ApplyHandlePage' | 'PreliminaryHandlePage' | 'FinalHandlePage',
  detail: 'ApplyDetailPage' | 'PreliminaryDetailPage' | 'FinalDetailPage',
): Record<string, ScreenEntry> {
  const base = `/work/process/${type}`
  const handled: ScreenEntry = { kind: 'component', title, load: page(processes, handle) }
  return {
    [`${base}/handle/:taskId/:processInstanceId/:businessId`]: handled,
    [`${base}/handle/:taskId/:processInstanceId/:businessId/:processDefinitionId/:businessTable`]: handled,
    [`${base}/detail/:processInstanceId/:businessId`]: {
      kind: 'component',
      title,
      load: page(processes, detail),
    },
  }
}

/** The screens of the area by menu path (and its process pages), merged into the route registry. */
export const competitionScreens: Record<string, ScreenEntry> = {
  '/competition/parameter': { kind: 'component', load: () => import('./ParameterPage') },
  '/competition/campus': { kind: 'component', load: () => import('./CampusPage') },
  '/competition/competitionprojectapply': { kind: 'component', load: () => import('./ApplyPage') },
  '/competition/applyReview': { kind: 'component', load: () => import('./ReviewPage') },
  '/competition/competitionprojectappointment': { kind: 'component', load: () => import('./SignupPage') },
  '/competition/competitionprojectpreliminary': {
    kind: 'component',
    load: () => import('./PreliminaryPage'),
  },
  '/competition/preliminaryAudit': { kind: 'component', load: page(audits, 'PreliminaryAuditPage') },
  '/competition/competitionprojectpreliminaryresult': {
    kind: 'resource',
    def: competitionPreliminaryResultResource,
  },
  '/competition/competitionprojectfinal': { kind: 'component', load: () => import('./FinalPage') },
  '/competition/finalAudit': { kind: 'component', load: page(audits, 'FinalAuditPage') },
  '/competition/awards': { kind: 'component', load: () => import('./AwardsPage') },
  ...processScreens(
    'competition_apply',
    { zh: '竞赛项目申报审核', en: 'Project application approval' },
    'ApplyHandlePage',
    'ApplyDetailPage',
  ),
  ...processScreens(
    'competitionPreliminary',
    { zh: '初赛审核', en: 'Preliminary approval' },
    'PreliminaryHandlePage',
    'PreliminaryDetailPage',
  ),
  ...processScreens(
    'competitionFinal',
    { zh: '决赛审核', en: 'Final approval' },
    'FinalHandlePage',
    'FinalDetailPage',
  ),
}
