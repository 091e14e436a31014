import { Tab, TabList } from '@fluentui/react-components'
import { useState } from 'react'
import ResourcePage from '../resource/ResourcePage'
import { useT } from '../i18n'
import { academicResource } from '../../shared/resources/base/academic'
import { periodInfoResource } from '../../shared/resources/base/period-info'
import { CurrentTermButton } from './actions'

/** 学年学期: two tabs, the terms of each school year (with 设为当前) and the term dictionary. */
export default function AcademicPage() {
  const say = useT()
  const [tab, setTab] = useState<'years' | 'terms'>('years')
  // Remounting the list after 设为当前 shows the moved mark.
  const [version, setVersion] = useState(0)
  return (
    <div>
      <TabList selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as 'years' | 'terms')}>
        <Tab value="years">{say('base.academic.years')}</Tab>
        <Tab value="terms">{say('base.academic.terms')}</Tab>
      </TabList>
      {tab === 'years' ? (
        <ResourcePage
          key={version}
          def={academicResource}
          rowExtra={(row) =>
            Number(row.isCurrent) === 1 ? null : (
              <CurrentTermButton id={String(row.id)} onDone={() => setVersion((v) => v + 1)} />
            )
          }
        />
      ) : (
        <ResourcePage def={periodInfoResource} />
      )}
    </div>
  )
}
