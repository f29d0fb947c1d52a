import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../common/constants.ts';
import { registerAuth } from '../plugins/auth.ts';
import { registerClubMembershipGroupRoutes } from './club-membership-groups/index.ts';
import { registerClubRoutes } from './clubs/index.ts';
import { registerOrganizationRoutes } from './organizations/index.ts';
import { registerPasswordResetRoutes } from './password-reset/index.ts';
import { registerPasswordSettingsRoutes } from './password-settings/index.ts';
import { registerRegistrationRoutes } from './registration/index.ts';
import { registerSessionRoutes } from './session/index.ts';
import { registerPostRoutes } from './posts/index.ts';
import { registerCommentRoutes } from './comments/index.ts';
import { registerCalendarEventRoutes } from './calendar-events/index.ts';
import { registerCalendarFeedRoutes } from './calendar-feeds/index.ts';
import { registerPartyRoutes } from './parties/index.ts';
import { registerUserContactRoutes } from './user-contacts/index.ts';
import { registerMemberSearchRoutes } from './member-search/index.ts';
import { registerChatRoutes } from './chats/index.ts';
import { registerPartyPreferenceRoutes } from './party-preferences/index.ts';
import { registerEventRoutes } from './events/index.ts';
import { registerChatActivityRoutes } from './chat-activity/index.ts';
import { registerNoticeRoutes } from './notices/index.ts';
import { registerMemberStatusRoutes } from './member-status/index.ts';
import { registerContactRoutes } from './contacts/index.ts';
import { registerDuesRoutes } from './dues/index.ts';
// The roster import and export (issue 23, D65).
import { registerRosterExportRoutes } from './roster-export/index.ts';
import { registerRosterImportRoutes } from './roster-imports/index.ts';
import { registerPaymentCredentialRoutes } from './payment-credentials/index.ts';
import { registerPartyAvatarRoutes } from './party-avatar/index.ts';
import { registerAdminScopeRoutes } from './admin-scope/index.ts';
import { registerAdminMemberRoutes } from './admin-members/index.ts';
import { registerAdminMembershipRoutes } from './admin-memberships/index.ts';
import { registerAdminOfficerRoutes } from './admin-officers/index.ts';
import { registerAdminInvitationRoutes } from './admin-invitations/index.ts';
import { registerAdminDuesRoutes } from './admin-dues/index.ts';
import { registerAdminAuditLogRoutes } from './admin-audit-log/index.ts';
import { registerAdminOrganizationRoutes } from './admin-organizations/index.ts';
import { registerAdminClubRoutes } from './admin-clubs/index.ts';
import { registerMailSettingsRoutes } from './mail-settings/index.ts';

/** Every API resource, each in its own folder, under the one API prefix. */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (api) => {
      registerAuth(api);
      registerOrganizationRoutes(api);
      registerSessionRoutes(api);
      registerRegistrationRoutes(api);
      registerPasswordResetRoutes(api);
      registerPasswordSettingsRoutes(api);
      registerClubMembershipGroupRoutes(api);
      registerClubRoutes(api);
      registerPostRoutes(api);
      registerCommentRoutes(api);
      registerCalendarEventRoutes(api);
      registerCalendarFeedRoutes(api);
      registerPartyRoutes(api);
      registerUserContactRoutes(api);
      registerMemberSearchRoutes(api);
      registerChatRoutes(api);
      registerPartyPreferenceRoutes(api);
      registerEventRoutes(api);
      registerChatActivityRoutes(api);
      registerNoticeRoutes(api);
      registerMemberStatusRoutes(api);
      registerContactRoutes(api);
      registerDuesRoutes(api);
      // The roster import and export (issue 23, D65).
      registerRosterImportRoutes(api);
      registerRosterExportRoutes(api);
      registerPaymentCredentialRoutes(api);
      registerPartyAvatarRoutes(api);
      // The secretary's console's roster (issue 23, D66).
      registerAdminScopeRoutes(api);
      registerAdminMemberRoutes(api);
      // Roles, officers and invitations (issue 23, D69).
      registerAdminMembershipRoutes(api);
      registerAdminOfficerRoutes(api);
      registerAdminInvitationRoutes(api);
      // Dues in the console and the audit log (issue 23, D70, D71).
      registerAdminDuesRoutes(api);
      registerAdminAuditLogRoutes(api);
      // The organisation's settings and its clubs (issue 23, D68).
      registerAdminOrganizationRoutes(api);
      registerAdminClubRoutes(api);
      // E-mail settings and the unsubscribe link (issue 25, D81).
      registerMailSettingsRoutes(api);
    },
    { prefix: API_PREFIX },
  );
}
