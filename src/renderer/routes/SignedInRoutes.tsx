import { lazy, Suspense, useMemo, type ComponentType } from 'react'
import { Route, Routes } from 'react-router-dom'
import { Spinner } from '@fluentui/react-components'
import { Shell } from '../layout/Shell'
import { WelcomePage } from '../pages/WelcomePage'
import { DashboardPage } from '../pages/DashboardPage'
import { InfoPage } from '../pages/InfoPage'
import { BackupPage } from '../pages/BackupPage'
import { IframePage } from '../pages/IframePage'
import { MenuScreen } from './MenuScreen'
import { screens, type ScreenEntry } from './registry'

const ResourcePage = lazy(() => import('../resource/ResourcePage'))

/** A registered screen: the generic resource page for a definition, or the area's own component. */
function RegisteredScreen({ entry }: { entry: ScreenEntry }) {
  const Custom = useMemo<ComponentType | null>(
    () => (entry.kind === 'component' ? lazy(entry.load) : null),
    [entry],
  )
  return (
    <Suspense fallback={<Spinner style={{ marginTop: 80 }} />}>
      {entry.kind === 'resource' ? <ResourcePage def={entry.def} /> : Custom ? <Custom /> : null}
    </Suspense>
  )
}

/**
 * Everything behind sign-in: the shell (menus, tabs kept alive, top bar) and every screen. Its own
 * chunk, loaded after sign-in, so the sign-in page loads only what it needs.
 */
export default function SignedInRoutes() {
  const registered = Object.entries(screens)
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route path="/wel/index" element={<WelcomePage />} />
        <Route path="/wel/dashboard" element={<DashboardPage />} />
        <Route path="/info/index" element={<InfoPage />} />
        <Route path="/backup/index" element={<BackupPage />} />
        <Route path="/myiframe/:routerPath" element={<IframePage />} />
        {registered.map(([path, entry]) => (
          <Route key={path} path={path} element={<RegisteredScreen entry={entry} />} />
        ))}
        <Route path="*" element={<MenuScreen />} />
      </Route>
    </Routes>
  )
}
