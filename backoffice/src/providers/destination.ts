// Where a role lands after login (SPEC 2.3). The back office sends anyone who is not an admin
// to their own destination, which belongs to another app on this origin.
export type Role = 'customer' | 'artist' | 'admin';

export function destinationForRole(role: string | null | undefined): string {
  switch (role) {
    case 'artist':
      return '/dashboard/artist';
    case 'customer':
      return '/';
    case 'admin':
      return '/admin/approvals';
    default:
      return '/login';
  }
}
