import { Badge, Button, Card, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { safetyResultApi, type QrDetail, type Score } from '../../shared/api/safety'
import { Facts } from '../flow/ProcessLayout'
import { usePermissions } from '../resource/shell-adapter'
import { useText } from '../i18n'
import { call, quietCall } from '../shell/request'
import { saveFile } from './exporting'
import { QrCode } from './QrCode'
import { T } from './texts'

const useStyles = makeStyles({
  page: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    overflow: 'auto',
    height: '100%',
    boxSizing: 'border-box',
  },
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(460px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  card: {
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  body: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  qr: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalXS,
    fontSize: tokens.fontSizeBase100,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  score: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold },
})

/** 我的成绩: my results; a passed one shows its certificate card with the QR code, 验证 and 下载证书. */
export default function MyScorePage() {
  const s = useStyles()
  const text = useText()
  const can = usePermissions()
  const [rows, setRows] = useState<Score[] | null>(null)
  const [verified, setVerified] = useState<Record<string, QrDetail>>({})
  useEffect(() => {
    void quietCall(safetyResultApi.score.page, { query: { mine: '1', current: 1, size: 100 } })
      .then((p) => setRows(p.records))
      .catch(() => setRows([]))
  }, [])
  const verify = async (row: Score) => {
    try {
      const detail = await call(safetyResultApi.score.qrCodeDetail, {
        query: { id: row.id, userCode: String(row.userCode) },
      })
      setVerified((v) => ({ ...v, [row.id]: detail }))
    } catch {
      // toasted
    }
  }
  return (
    <section className={s.page} aria-label={text(T.myScores)}>
      <Text as="h2" size={500} weight="semibold">
        {text(T.myScores)}
      </Text>
      {rows === null ? <Spinner size="small" /> : null}
      {rows?.length === 0 ? <Text>{text(T.empty)}</Text> : null}
      <div className={s.list}>
        {rows?.map((row) => (
          <Card key={row.id} className={s.card} aria-label={String(row.planName)}>
            <div className={s.head}>
              <Text weight="semibold" size={400}>
                {row.planName}
              </Text>
              <Badge color={row.passed ? 'success' : 'danger'}>
                {row.passed ? text(T.passed) : text(T.failed)}
              </Badge>
            </div>
            <div className={s.body}>
              <div>
                <span className={s.score}>{row.score === null ? '—' : `${row.score}分`}</span>
                <Facts
                  rows={[
                    ['交卷时间', String(row.submitTime ?? '')],
                    ...(row.certificateNo
                      ? ([
                          [text(T.certNo), String(row.certificateNo)],
                          [text(T.validUntil), row.validUntil ? String(row.validUntil) : text(T.forever)],
                          ['证书状态', String(row.certificateState ?? '')],
                        ] as [string, string][])
                      : []),
                  ]}
                />
              </div>
              {row.certificateNo && row.qrText ? (
                <div className={s.qr}>
                  <QrCode text={row.qrText} label={`${text(T.certNo)} ${row.certificateNo}`} />
                  <span>{text(T.scanToVerify)}</span>
                </div>
              ) : null}
            </div>
            {row.certificateNo ? (
              <div className={s.actions}>
                {can('safety_myscore_certificate') ? (
                  <Button
                    appearance="primary"
                    onClick={() =>
                      void saveFile(
                        safetyResultApi.score.downloadCCie,
                        { body: { ids: [row.id] } },
                        `实验室安全准入证书_${row.userName}_${row.userCode}.pdf`,
                      )
                    }
                  >
                    {text(T.certificate)}
                  </Button>
                ) : null}
                <Button onClick={() => void verify(row)}>{text(T.verify)}</Button>
              </div>
            ) : null}
            {verified[row.id] ? (
              <Facts
                rows={[
                  ['验证结果', verified[row.id].state],
                  ['姓名', verified[row.id].userName],
                  ['学号/工号', verified[row.id].userCode],
                  ['发证单位', verified[row.id].issuer],
                ]}
              />
            ) : null}
          </Card>
        ))}
      </div>
    </section>
  )
}
