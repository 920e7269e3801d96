import { UserMenu } from '../../platform/shell/user-menu';
import { SIGNED_IN_PORTAL_BASE } from './customer-portal-api';
import { PortalView } from './customer-portal-page';

/**
 * `/customerPortal` (spec platform 2.1, 2.4 "Customer Profile"): where a customer user lands after signing in. The same
 * portal as the e-mailed link's, for the billing customer the user is bound to, without the office's navigation.
 */
export default function CustomerProfilePage() {
  return <PortalView base={SIGNED_IN_PORTAL_BASE} header={<UserMenu withProviderLogins={false} />} />;
}
