// The portal's new-message pop-ups (SPEC 2.11): the realtime manager of PortalFrame fills them.
import { createMessagePopupStore } from '@podium/shared/message-popups';

export const messagePopups = createMessagePopupStore();
