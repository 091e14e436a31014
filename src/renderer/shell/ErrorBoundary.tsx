import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Button } from '@fluentui/react-components'
import { ErrorCircle48Regular } from '@fluentui/react-icons'
import { t } from '../i18n'
import { recordError } from './errorLog'

interface Props {
  children: ReactNode
}

/** Catches render errors, records them in the error log and shows a recoverable page. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    recordError(error, info.componentStack ?? undefined)
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
        <ErrorCircle48Regular style={{ color: '#f56c6c' }} />
        <h2>{t('page.crashed')}</h2>
        <p style={{ color: '#909399' }}>{t('page.crashedHint')}</p>
        <pre style={{ color: '#909399', whiteSpace: 'pre-wrap' }}>{this.state.error.message}</pre>
        <Button appearance="primary" onClick={() => this.setState({ error: null })}>
          {t('page.reload')}
        </Button>
      </div>
    )
  }
}
