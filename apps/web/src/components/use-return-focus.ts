import { useLayoutEffect } from 'react';

/**
 * Gives the focus back to the control that opened a dialog when the dialog is removed from the page rather than
 * closed (`{open && <Dialog opened />}`): Mantine returns the focus when `opened` turns false, never on unmount, and
 * the focus would fall to the page's start. Call it in the dialog's component; it runs before the dialog takes the
 * focus, so it remembers the opener.
 */
export function useReturnFocus() {
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      // The dialog's elements leave the page after this cleanup: look once they have gone.
      requestAnimationFrame(() => {
        const isLost = document.activeElement === null || document.activeElement === document.body;
        if (isLost && opener?.isConnected) opener.focus();
      });
    };
  }, []);
}
