import { inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { worklogResource } from '../../shared/resources/assets/worklog'
import { bad } from '../core/errors'
import { registerResourceRoutes } from '../core/resource-routes'
import { assetsWorklog } from '../db/schema'
import { ownRows } from './office'

/** 实验室工作日志: teachers write, see, change and remove their own logs only; the office sees all. */
export function registerWorklogRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, worklogResource, assetsWorklog, {
    readScope: (request) => [ownRows(request.user, assetsWorklog.createUser)],
    async beforeSave({ data, request, row, isNew }) {
      const me = data.me
      if (isNew) row.personName = me.realName || me.account
      else {
        const id = String((request.body as { id?: unknown }).id)
        const mine = await data
          .repo(assetsWorklog)
          .exists(inArray(assetsWorklog.id, [id]), ownRows(me, assetsWorklog.createUser))
        if (!mine) bad('只能修改本人的工作日志')
        delete row.personName
      }
    },
    async beforeRemove({ data, ids }) {
      const mine = await data
        .repo(assetsWorklog)
        .count(inArray(assetsWorklog.id, ids), ownRows(data.me, assetsWorklog.createUser))
      if (mine !== ids.length) bad('只能删除本人的工作日志')
    },
  })
}
