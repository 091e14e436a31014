import { useMemo } from 'react'
import { teachParameterTimeResource } from '../../shared/resources/teach/parameter-time'
import ResourcePage from '../resource/ResourcePage'
import { TermScreen, withoutSearch } from './shared'

const listDef = withoutSearch(teachParameterTimeResource, 'academicYearId')

/** 作息时间 of one term, sorted by 节次; new rows start in that term. */
export function ParameterTimeList({ termId }: { termId: string }) {
  const fixed = useMemo(() => ({ academicYearId: termId }), [termId])
  return <ResourcePage key={termId} def={listDef} fixedQuery={fixed} addPreset={fixed} />
}

/** 作息时间: the term select (default the current term) and its rows. */
export default function ParameterTimePage() {
  return <TermScreen title="作息时间">{(termId) => <ParameterTimeList termId={termId} />}</TermScreen>
}
