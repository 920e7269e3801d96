import { POPUP_HEIGHT, POPUP_WIDTH } from '@sm/shared';

/** The window features of every popup (spec platform 2.5): 500 by 500, resizable, no toolbar, menu or location bar. */
export const POPUP_FEATURES = `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},resizable=yes,scrollbars=yes,toolbar=no,menubar=no,location=no,status=no`;

/**
 * Opens a popup window the one way the product does (a PDF being made, a list to add to beside a form), centred
 * over the current window. Answers the window, or null where the browser blocks popups. Called from the click itself,
 * so that the browser counts it as the user's.
 */
export function openPopup(url = '', name = '_blank'): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return window.open(url, name, `${POPUP_FEATURES},left=${left},top=${top}`);
}
