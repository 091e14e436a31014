import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { AppHarness } from './harness'

/** Waits for a toast whose title holds the text. */
export const toast = (page: Page, text: string) =>
  page.locator('.fui-ToastTitle', { hasText: text }).first().waitFor()

/**
 * Opens a menu path as a tab and selects it. The shell may still settle on 首页 right after
 * sign-in, so it navigates until the tab is there.
 */
export async function openTab(app: AppHarness, path: string, title: string): Promise<void> {
  const tab = app.page.getByRole('tab', { name: title }).first()
  await expect
    .poll(
      async () => {
        if (await tab.isVisible()) return true
        await app.page.evaluate(`location.hash = '#${path}'`)
        return tab
          .waitFor({ timeout: 3000 })
          .then(() => true)
          .catch(() => false)
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true)
  await tab.click()
}

/** The rows of a table that hold the text. */
export const row = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text })
