import { lazy, Suspense, useMemo, type ComponentType } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router-dom'
import { Spinner } from '@fluentui/react-components'
import { guardRedirect } from '../shell/guard'
import { useSession } from '../shell/session'
import { Shell } from '../layout/Shell'
import { LoginPage } from '../pages/LoginPage'
import { LockPage } from '../pages/LockPage'
import { StatusPage } from '../pages/StatusPage'
import { WelcomePage } from '../pages/WelcomePage'
import { DashboardPage } from '../pages/DashboardPage'
import { InfoPage } from '../pages/InfoPage'
import { IframePage } from '../pages/IframePage'
import { MenuScreen } from './MenuScreen'
import { screens, type ScreenEntry } from './registry'
import { NotOpenPage } from '../pages/NotOpenPage'
import type { ResourceDef } from '../../shared/resource/types'

// Globbed rather than imported so the shell builds while the generic page is being written.
const resourcePageModule = import.meta.glob<{ default: ComponentType<{ def: ResourceDef }> }>(
  '../resource/ResourcePage.tsx',
)
const loadResourcePage = Object.values(resourcePageModule)[0]
const ResourcePage = loadResourcePage
  ? lazy(loadResourcePage)
  : ({ def }: { def: ResourceDef }) => <NotOpenPage name={def.label.zh} />

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

/** Applies the navigation guard of spec 2.4 to every location. */
function Guarded({ children }: { children: React.ReactNode }) {
  const location = useLocation()
  const state = useSession((s) => s.state)
  const redirect = guardRedirect(location.pathname, {
    signedIn: !!state?.signedIn,
    locked: !!state?.locked,
  })
  if (redirect) return <Navigate to={redirect} replace />
  return <>{children}</>
}

export function AppRoutes() {
  const registered = Object.entries(screens)
  return (
    <Guarded>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/lock" element={<LockPage />} />
        <Route path="/404" element={<StatusPage code={404} />} />
        <Route path="/403" element={<StatusPage code={403} />} />
        <Route path="/500" element={<StatusPage code={500} />} />
        <Route path="/" element={<Navigate to="/wel" replace />} />
        <Route path="/wel" element={<Navigate to="/wel/index" replace />} />
        <Route element={<Shell />}>
          <Route path="/wel/index" element={<WelcomePage />} />
          <Route path="/wel/dashboard" element={<DashboardPage />} />
          <Route path="/info/index" element={<InfoPage />} />
          <Route path="/myiframe/:routerPath" element={<IframePage />} />
          {registered.map(([path, entry]) => (
            <Route key={path} path={path} element={<RegisteredScreen entry={entry} />} />
          ))}
          <Route path="*" element={<MenuScreen />} />
        </Route>
      </Routes>
    </Guarded>
  )
}
