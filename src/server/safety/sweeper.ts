import type { FastifyInstance } from 'fastify'
import { sweepExpired } from './sheet-routes'
import { warmOpenPlans } from './pool-warming'

/**
 * Every minute (LAB_SAFETY_SWEEP_SECONDS), any server process hands in the papers whose deadline
 * passed more than 15 s ago. Finalising is a conditional update, so two processes never both do it.
 * It also keeps the pools of open plans' random papers read ahead of their starts (pool-warming).
 */
export function startSweeper(app: FastifyInstance) {
  const seconds = Math.max(1, Number(process.env.LAB_SAFETY_SWEEP_SECONDS) || 60)
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      const n = await sweepExpired(app.db)
      if (n) app.log.info({ finalised: n }, 'safety: papers past their deadline handed in')
      await warmOpenPlans(app.db)
    } catch (error) {
      app.log.error(error, 'safety: sweeper failed')
    } finally {
      running = false
    }
  }
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    timer = setInterval(() => void tick(), seconds * 1000)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
  })
}
