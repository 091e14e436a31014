import { useContext, useRef, type ReactNode } from 'react'
import { UNSAFE_LocationContext, useOutlet } from 'react-router-dom'
import { ErrorBoundary } from '../shell/ErrorBoundary'
import { useTabs } from '../shell/tabs'

type LocationContextValue = React.ContextType<typeof UNSAFE_LocationContext>

interface Cached {
  element: ReactNode
  /** The location the page was last shown at, so a hidden page keeps seeing its own URL. */
  location: LocationContextValue
}

/**
 * Keeps the page of every open tab mounted (hidden when not current), as Saber's keep-alive does:
 * switching tabs keeps a page's search, paging and scroll. A page leaves the cache when its tab
 * closes; `generation` changes (clear cache) remount everything.
 */
export function KeepAliveOutlet({ generation }: { generation: number }) {
  const outlet = useOutlet()
  const location = useContext(UNSAFE_LocationContext)
  const tabs = useTabs((s) => s.tabs)
  const cache = useRef(new Map<string, Cached>())
  const cacheGeneration = useRef(generation)

  if (cacheGeneration.current !== generation) {
    cache.current.clear()
    cacheGeneration.current = generation
  }
  const current = location.location.pathname
  cache.current.set(current, { element: outlet, location })
  const open = new Set(tabs.map((t) => t.path))
  for (const path of cache.current.keys()) {
    if (path !== current && !open.has(path)) cache.current.delete(path)
  }

  return (
    <>
      {[...cache.current.entries()].map(([path, cached]) => (
        <div
          key={`${generation}:${path}`}
          style={path === current ? { height: '100%' } : { display: 'none' }}
          aria-hidden={path === current ? undefined : true}
        >
          <UNSAFE_LocationContext.Provider value={cached.location}>
            <ErrorBoundary>{cached.element}</ErrorBoundary>
          </UNSAFE_LocationContext.Provider>
        </div>
      ))}
    </>
  )
}
