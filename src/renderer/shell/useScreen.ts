import { useEffect, useState } from 'react'

/** Spec 2.3 screen size class: width ≥1200 → 3, ≥992 → 2, ≥768 → 1, else 0. */
export function screenClass(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3
  if (width >= 992) return 2
  if (width >= 768) return 1
  return 0
}

export function useScreen(): 0 | 1 | 2 | 3 {
  const [screen, setScreen] = useState(() => screenClass(window.innerWidth))
  useEffect(() => {
    const onResize = () => setScreen(screenClass(window.innerWidth))
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return screen
}
