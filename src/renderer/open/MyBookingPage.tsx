import { Tab, TabList } from '@fluentui/react-components'
import { useState } from 'react'
import { MyExperimentBookings } from '../experiment/MyBookingsTab'
import { useTeachStyles } from '../teach/shared'
import { MyOpenBookings } from './ReservePages'

/** 我的预约: a tab per kind of booking (实验项目, 开放实验室). */
export default function MyBookingPage() {
  const s = useTeachStyles()
  const [tab, setTab] = useState('experiment')
  return (
    <section className={s.page} aria-label="我的预约">
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(String(d.value))}>
        <Tab value="experiment">实验项目</Tab>
        <Tab value="open">开放实验室</Tab>
      </TabList>
      <div className={s.grow} style={{ overflowY: 'auto' }}>
        {tab === 'experiment' ? <MyExperimentBookings /> : null}
        {tab === 'open' ? <MyOpenBookings /> : null}
      </div>
    </section>
  )
}
