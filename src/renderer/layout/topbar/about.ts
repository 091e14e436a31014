import { create } from 'zustand'

/** Whether the 关于 dialog is open (from the user menu, or the 帮助 menu through 'app:show-about'). */
export const useAbout = create<{ open: boolean; show(): void; hide(): void }>((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}))
