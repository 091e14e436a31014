import { makeStyles, tokens } from '@fluentui/react-components'

/** The layout of a statistics page: a scrolling column, a filter bar, and charts two abreast. */
export const useStatisticsLayout = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    overflow: 'auto',
    height: '100%',
    boxSizing: 'border-box',
  },
  bar: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  charts: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM },
})
