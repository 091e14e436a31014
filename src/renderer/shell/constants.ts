/** Spec 9 constants the shell uses. */

/** Department/role switching in the user menu (off by default, as in Saber's website.js). */
export const SWITCH_MODE = false

/** Notification and error-log badges stop counting here. */
export const BADGE_MAX = 99
