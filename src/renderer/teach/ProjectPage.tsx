import { Button } from '@fluentui/react-components'
import { projectApi } from '../../shared/api/teach'
import { EXPERIMENT_NAME_BYTES, gbkBytes, teachProjectResource } from '../../shared/resources/teach/project'
import type { FieldExtra } from '../resource/FormDialog'
import ResourcePage from '../resource/ResourcePage'
import { call, quietCall } from '../shell/request'

/** The edited row's id as a query part (none for a new row: main would send `undefined` as text). */
export const idPart = (id: unknown) =>
  id === undefined || id === null || id === '' ? {} : { id: String(id) }

/** 实验编号: 生成编号 from the chosen lab (and 独立设课), and the uniqueness check on blur. */
export const PROJECT_FIELD_EXTRAS: Record<string, FieldExtra> = {
  experimentNumber: {
    beside: ({ values, set, disabled }) => (
      <Button
        disabled={disabled || !values.labId}
        title={values.labId ? undefined : '请先选择所属实验室'}
        onClick={() => {
          call(projectApi.generateNumber, {
            query: { labId: String(values.labId), independentCourse: Number(values.independentCourse ?? 0) },
          })
            .then((number) => set({ experimentNumber: number }))
            .catch(() => undefined)
        }}
      >
        生成编号
      </Button>
    ),
    check: async (value, _values, id) => {
      const state = await quietCall(projectApi.numberState, {
        query: { experimentNumber: String(value), ...idPart(id) },
      })
      return state.taken ? state.message : undefined
    },
  },
  experimentName: {
    check: async (value) =>
      gbkBytes(String(value)) > EXPERIMENT_NAME_BYTES ? '实验名称不能超过25个汉字（50字节）' : undefined,
  },
}

/** 实验项目: the SJ4 library; 生成编号 beside 实验编号, checked on blur. */
export default function ProjectPage() {
  return <ResourcePage def={teachProjectResource} fieldExtras={PROJECT_FIELD_EXTRAS} />
}
