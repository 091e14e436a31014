import { makeStyles, tokens } from '@fluentui/react-components'

/** Styles the 首页 widgets share. */
export const useHomeStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  empty: { padding: '24px 0', textAlign: 'center', color: tokens.colorNeutralForeground3 },
  row2: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(280px, 1fr)',
    gap: '16px',
    '@media (max-width: 992px)': { gridTemplateColumns: '1fr' },
  },
  charts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(380px, 1fr))',
    gap: '16px',
  },
})
