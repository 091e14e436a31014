import type { FastifyPluginAsync } from 'fastify'
import { registerDownloadRoutes } from './routes'
import { downloadStore, startDownloadRunner } from './runner'
import './builtin-producers'

export { queueDownload, queuedExport, type DownloadRequest } from './tasks'
export { registerProducer, type Producer, type ProducerJob } from './producers'
export { MAX_DIRECT_ROWS, refuseTooMany, wantsAsync } from './limits'

/** 下载中心 (`/api/biz-download/*`): background exports of every area, their progress and files. */
export const downloadArea: FastifyPluginAsync = async (app) => {
  registerDownloadRoutes(app, downloadStore(app))
  startDownloadRunner(app)
}
