import { desc, eq } from 'drizzle-orm'
import { REPAIR_RESULT, REPAIR_STATUS } from '../../shared/resources/repairs/repairs'
import { LEFT_STOCK_STATUS } from '../../shared/resources/assets/equipment'
import { Data } from '../core/data'
import { assetsEquipment, deviceRepairRecord, deviceRepairs, flowInstance, user } from '../db/schema'
import { onFlowEvent, type FlowEvent } from '../flow/business'
import { recordChange } from '../assets/changes'

export const REPAIR_PROCESS_KEY = 'deviceRepairs'
export const REPAIR_TABLE = 'device_repairs'
/** The flow's steps (src/server/flow/definitions): 受理派工, 维修处理, and the reporter's own. */
export const REPAIR_STEPS = {
  accept: 'repair_audit',
  repair: 'repair_handle',
  reporter: 'applicant_modify',
} as const

/** 现状 while a request is being repaired, and the 现状 a result leaves the device in. */
const AWAITING_REPAIR = 3
const BEYOND_REPAIR = 4

const dataOfEvent = (e: FlowEvent) => new Data({ db: e.tx, tenantId: e.tenantId, user: null })

async function requestOf(data: Data, e: FlowEvent) {
  if (e.businessTable !== REPAIR_TABLE || !e.businessId) return null
  return data.repo(deviceRepairs).get(e.businessId)
}

/** Sets the device's 现状, keeping the history (origin repair) an SJ2 extraction reads. */
async function setEquipmentStatus(data: Data, equipmentId: string, statusCode: number, repairId: string) {
  const equipment = await data.repo(assetsEquipment).get(equipmentId)
  if (!equipment || equipment.statusCode === statusCode) return
  if ((LEFT_STOCK_STATUS as readonly number[]).includes(Number(equipment.statusCode))) return
  await recordChange(data, equipment, { statusCode }, 'repair', { originId: repairId, reason: '设备报修' })
  await data.repo(assetsEquipment).update(equipmentId, { statusCode })
}

async function repairerOf(data: Data, processInstanceId: string) {
  const [instance] = await data.db
    .select({ variables: flowInstance.variables })
    .from(flowInstance)
    .where(eq(flowInstance.id, processInstanceId))
  const id = String((instance?.variables as Record<string, unknown> | null)?.repairer ?? '')
  if (!/^\d+$/.test(id)) return null
  const [row] = await data.db
    .select({ id: user.id, realName: user.realName, account: user.account })
    .from(user)
    .where(data.rows(user, eq(user.id, id)))
  return row ? { id: row.id, name: row.realName || row.account } : null
}

async function onStart(e: FlowEvent) {
  const data = dataOfEvent(e)
  const request = await requestOf(data, e)
  if (!request) return
  await data.repo(deviceRepairs).update(request.id, {
    repairStatus: REPAIR_STATUS.waiting,
    processInstanceId: e.processInstanceId,
    reportTime: request.reportTime ?? new Date(),
  })
}

async function onAdvanced(e: FlowEvent) {
  if (e.completedStep !== REPAIR_STEPS.accept) return
  const data = dataOfEvent(e)
  const request = await requestOf(data, e)
  if (!request) return
  const repairer = await repairerOf(data, e.processInstanceId)
  const equipment = await data.repo(assetsEquipment).get(String(request.equipmentId))
  await data.repo(deviceRepairs).update(request.id, {
    repairStatus: REPAIR_STATUS.repairing,
    acceptTime: new Date(),
    repairerId: repairer?.id ?? null,
    repairerName: repairer?.name ?? null,
    statusBefore: equipment?.statusCode ?? null,
  })
  if (equipment) await setEquipmentStatus(data, equipment.id, AWAITING_REPAIR, request.id)
}

async function onRejected(e: FlowEvent) {
  const data = dataOfEvent(e)
  const request = await requestOf(data, e)
  if (!request) return
  await data.repo(deviceRepairs).update(request.id, { repairStatus: REPAIR_STATUS.returned })
  // Sent back from 维修处理: the device is no longer being repaired.
  if (e.completedStep === REPAIR_STEPS.repair && request.statusBefore)
    await setEquipmentStatus(data, String(request.equipmentId), request.statusBefore, request.id)
}

async function onApproved(e: FlowEvent) {
  const data = dataOfEvent(e)
  const request = await requestOf(data, e)
  if (!request) return
  const [last] = await data.repo(deviceRepairRecord).find([eq(deviceRepairRecord.repairsId, request.id)], {
    sort: [desc(deviceRepairRecord.repairDate), desc(deviceRepairRecord.id)],
    limit: 1,
  })
  const result = request.repairResult ?? last?.result ?? REPAIR_RESULT.fixed
  await data.repo(deviceRepairs).update(request.id, {
    repairStatus: REPAIR_STATUS.done,
    repairResult: result,
    finishTime: new Date(),
  })
  const statusAfter = result === REPAIR_RESULT.beyondRepair ? BEYOND_REPAIR : (request.statusBefore ?? 1)
  await setEquipmentStatus(data, String(request.equipmentId), statusAfter, request.id)
}

async function onCancelled(e: FlowEvent) {
  const data = dataOfEvent(e)
  const request = await requestOf(data, e)
  if (!request) return
  await data.repo(deviceRepairs).update(request.id, { repairStatus: REPAIR_STATUS.cancelled })
  if (request.repairStatus === REPAIR_STATUS.repairing && request.statusBefore)
    await setEquipmentStatus(data, String(request.equipmentId), request.statusBefore, request.id)
}

let registered = false

/** Keeps each request's state (and its device's 现状) in step with its process, once per process. */
export function registerRepairStatus(): void {
  if (registered) return
  registered = true
  onFlowEvent(REPAIR_PROCESS_KEY, {
    started: onStart,
    resubmitted: onStart,
    advanced: onAdvanced,
    rejected: onRejected,
    approved: onApproved,
    cancelled: onCancelled,
  })
}
