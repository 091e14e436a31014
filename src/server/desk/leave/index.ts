export { registerLeaveRoutes } from './leave-routes'
export { LEAVE_PROCESS_KEY, LEAVE_STATUS, LEAVE_TABLE } from './leave-status'
