// A person's profile photo (avatars bucket) as a circle, or what stands in for it: their
// initials on the profile pages, or what the caller passes (the header's user icon). Decorative
// (alt=""): the name is always written beside it or in the button's label. Plain elements with
// the theme's colour variables: the header loads this after first paint, as a chunk of its own,
// and a Chakra component here would split Chakra's shared chunk out of the first load.
import { imageUrl } from '@podium/shared/images';
import type { ReactNode } from 'react';
import { env } from '../env.ts';

export function UserAvatar({ path, initials, size, fallback = null }: { path: string | null | undefined; initials?: string; size: number; fallback?: ReactNode }) {
  const src = imageUrl({ supabaseUrl: env.supabaseUrl, bucket: 'avatars', path, preset: size > 100 ? 'large' : 'thumbnail', device: 'mobile' });
  if (src) {
    return (
      <img src={src} alt="" width={size} height={size} data-testid="user-avatar" style={{ width: size, height: size, borderRadius: '9999px', objectFit: 'cover', flexShrink: 0, display: 'block' }} />
    );
  }
  if (!initials) return <>{fallback}</>;
  return (
    <span
      aria-hidden="true"
      data-testid="user-initials"
      style={{
        width: size,
        height: size,
        borderRadius: '9999px',
        background: 'var(--chakra-colors-brand-100)',
        color: 'var(--chakra-colors-brand-800)',
        display: 'grid',
        placeItems: 'center',
        fontWeight: 800,
        fontSize: Math.round(size * 0.38),
        flexShrink: 0,
      }}
    >
      {initials}
    </span>
  );
}
