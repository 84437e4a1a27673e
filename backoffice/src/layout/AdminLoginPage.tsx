// /admin/login: ra-supabase's login form. Without a remembered page, an admin lands on the
// approvals queue (SPEC 2.3).
import { Typography } from '@mui/material';
import { Login } from 'react-admin';
import { LoginForm, type LoginFormProps } from 'ra-supabase';
import { useLocation } from 'react-router';

export function AdminLoginPage() {
  const location = useLocation();
  const remembered = (location.state as { nextPathname?: string } | null)?.nextPathname;
  return (
    <Login>
      <Typography component="h1" variant="h6" align="center" sx={{ mt: 1 }}>
        Podium Back office
      </Typography>
      {/* ra-supabase's form passes its props on to react-admin's LoginForm, which takes redirectTo. */}
      <LoginForm {...({ disableForgotPassword: true, redirectTo: remembered ? undefined : '/approvals' } as LoginFormProps)} />
    </Login>
  );
}
