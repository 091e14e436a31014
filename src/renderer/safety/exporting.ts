import { toRequest } from '../shell/request'
import type { AnyEndpoint, CallInput } from '../../shared/api/endpoint'
import { exportOrQueue } from '../components/exporting'

/** Saves a file endpoint's answer (an export, a certificate) through main's native save dialog. */
export async function saveFile<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E>,
  suggestedName: string,
): Promise<boolean> {
  return (await exportOrQueue(toRequest(endpoint, input), suggestedName, 0, '导出完成')) === 'saved'
}
