// Loaded for signed-in users other than admins (never on a guest's first page): sends a profile
// without names or accepted terms to /complete-profile (the rule: profile-completion.ts).
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionState } from '../app/app-context.tsx';
import { completeProfileRedirect } from './profile-completion.ts';

export default function ProfileCompletionRedirect() {
  const session = useSessionState();
  const location = useLocation();
  const navigate = useNavigate();
  const target = session.status === 'ready' ? completeProfileRedirect(location, session.profile) : null;
  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);
  return null;
}
