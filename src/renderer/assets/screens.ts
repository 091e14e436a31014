import { schoolEnterpriseResource } from '../../shared/resources/assets/school-enterprise'
import { worklogResource } from '../../shared/resources/assets/worklog'
import type { ScreenEntry } from '../routes/registry'

/** The screens of the area by menu path (and its process pages), merged into the route registry. */
export const assetsScreens: Record<string, ScreenEntry> = {
  '/assets/equipment': { kind: 'component', load: () => import('./EquipmentPage') },
  '/assets/donate': { kind: 'component', load: () => import('./DonatePage') },
  '/assets/worklog': { kind: 'resource', def: worklogResource },
  '/lab/schoolenterprise': { kind: 'resource', def: schoolEnterpriseResource },
}
