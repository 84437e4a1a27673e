// A signed-in user without a first or last name, or who has not accepted the terms (a
// Google sign-up), completes the profile first. The storefront sends them to /complete-profile
// from any page but that one, the auth returns, the terms and privacy pages (linked from its
// form) and what the other two apps serve; admins never. The page they wanted rides along as
// ?next= and is where saving takes them.
import { profileNeedsCompletion } from '@podium/shared/account';
import { normalizePath } from '@podium/shared/roles';
import { belongsToOtherApp } from '../layout/nav-rules.ts';

export const completeProfilePath = '/complete-profile';

const exemptPaths = new Set([completeProfilePath, '/terms', '/privacy']);

type CompletionProfile = Parameters<typeof profileNeedsCompletion>[0] & { role: string };

/** Where to send this user now, or null to let them be. */
export function completeProfileRedirect(location: { pathname: string; search?: string }, profile: CompletionProfile | null): string | null {
  if (!profile || profile.role === 'admin' || !profileNeedsCompletion(profile)) return null;
  const path = normalizePath(location.pathname);
  if (exemptPaths.has(path) || path.startsWith('/auth/') || belongsToOtherApp(path)) return null;
  const wanted = `${path}${location.search ?? ''}`;
  return path === '/' && !location.search ? completeProfilePath : `${completeProfilePath}?next=${encodeURIComponent(wanted)}`;
}
