import { useDisclosure, useMediaQuery } from '@mantine/hooks';

/** Below this width (Mantine's `sm`, 768px) the navbar hides behind a burger and the aside starts hidden. */
import { PHONE_QUERY } from '../../../lib/media';

export { PHONE_QUERY };

/**
 * Open/closed state of the navbar (the layout) and the team-leaders aside (spec platform 2.5): both open by
 * default on a desktop; on a phone both start closed and open on demand.
 */
export function useLayoutToggles() {
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const [navDesktop, navDesktopHandlers] = useDisclosure(true);
  const [navMobile, navMobileHandlers] = useDisclosure(false);
  const [asideDesktop, asideDesktopHandlers] = useDisclosure(true);
  const [asideMobile, asideMobileHandlers] = useDisclosure(false);

  return {
    isPhone,
    navOpened: isPhone ? navMobile : navDesktop,
    asideOpened: isPhone ? asideMobile : asideDesktop,
    collapsed: {
      navbar: { desktop: !navDesktop, mobile: !navMobile },
      aside: { desktop: !asideDesktop, mobile: !asideMobile },
    },
    toggleNav: () => {
      if (isPhone) {
        navMobileHandlers.toggle();
        asideMobileHandlers.close();
      } else navDesktopHandlers.toggle();
    },
    toggleAside: () => {
      if (isPhone) {
        asideMobileHandlers.toggle();
        navMobileHandlers.close();
      } else asideDesktopHandlers.toggle();
    },
    /** After following a link on a phone, the navbar gets out of the way. */
    closeNavOnPhone: () => navMobileHandlers.close(),
  };
}
