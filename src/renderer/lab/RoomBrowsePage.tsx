import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { labRoomApi } from '../../shared/api/lab'
import { projectApi } from '../../shared/api/teach'
import { labRoomResource } from '../../shared/resources/lab/lab-room'
import { teachProjectResource } from '../../shared/resources/teach/project'
import { PagedList } from '../safety/PagedList'
import { WeekCalendar } from './WeekCalendar'

const useStyles = makeStyles({
  page: {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
    minHeight: 0,
  },
})

type TabId = 'week' | 'rooms' | 'projects'

/** 实验室浏览 (read only, guests too): the week availability of a lab's rooms, the rooms, the experiment projects. */
export default function RoomBrowsePage() {
  const s = useStyles()
  const [tab, setTab] = useState<TabId>('week')
  return (
    <section className={s.page} aria-label="实验室浏览">
      <TabList selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as TabId)}>
        <Tab value="week">房间占用</Tab>
        <Tab value="rooms">实验房间</Tab>
        <Tab value="projects">实验项目</Tab>
      </TabList>
      {tab === 'week' ? <WeekCalendar /> : null}
      {tab === 'rooms' ? (
        <PagedList def={labRoomResource} endpoint={labRoomApi.unAuthPage} query={{}} />
      ) : null}
      {tab === 'projects' ? (
        <PagedList def={teachProjectResource} endpoint={projectApi.noAuthPage} query={{}} />
      ) : null}
    </section>
  )
}
