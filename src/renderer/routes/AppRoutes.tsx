import { lazy, Suspense } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router-dom'
import { Spinner } from '@fluentui/react-components'
import { guardRedirect } from '../shell/guard'
import { useSession } from '../shell/session'
import { LoginPage } from '../pages/LoginPage'
import { StatusPage } from '../pages/StatusPage'

// The sign-in page is the first screen: everything else loads when first needed.
const LockPage = lazy(() => import('../pages/LockPage').then((m) => ({ default: m.LockPage })))
const SignedInRoutes = lazy(() => import('./SignedInRoutes'))

const loading = <Spinner style={{ marginTop: 80 }} />

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
  return (
    <Guarded>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route
          path="/lock"
          element={
            <Suspense fallback={loading}>
              <LockPage />
            </Suspense>
          }
        />
        <Route path="/404" element={<StatusPage code={404} />} />
        <Route path="/403" element={<StatusPage code={403} />} />
        <Route path="/500" element={<StatusPage code={500} />} />
        <Route path="/" element={<Navigate to="/wel" replace />} />
        <Route path="/wel" element={<Navigate to="/wel/index" replace />} />
        <Route
          path="*"
          element={
            <Suspense fallback={loading}>
              <SignedInRoutes />
            </Suspense>
          }
        />
      </Routes>
    </Guarded>
  )
}
