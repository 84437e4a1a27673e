// Video and audio of an act: an external link (YouTube, Vimeo, Spotify, SoundCloud) becomes a
// privacy-friendly embed that loads only when the visitor asks for it; a file in storage plays
// in the browser's own <video> or <audio>.

export interface MediaEmbed {
  provider: 'YouTube' | 'Vimeo' | 'Spotify' | 'SoundCloud';
  /** The player's address (for an iframe). */
  src: string;
  /** What the player needs: a 16:9 frame for video, a short strip for audio. */
  shape: 'video' | 'audio';
}

const youtubeId = /^[A-Za-z0-9_-]{11}$/;

/** The embed for an external media link, or null for a link we don't know how to play. */
export function mediaEmbed(externalUrl: string): MediaEmbed | null {
  let url: URL;
  try {
    url = new URL(externalUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^(www|m|music)\./, '');
  if (host === 'youtube.com' || host === 'youtu.be' || host === 'youtube-nocookie.com') {
    const id = host === 'youtu.be' ? url.pathname.slice(1) : url.pathname === '/watch' ? url.searchParams.get('v') : /^\/(embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[2];
    return id && youtubeId.test(id) ? { provider: 'YouTube', src: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`, shape: 'video' } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /\/(?:video\/)?(\d+)(?:\/|$)/.exec(url.pathname)?.[1];
    return id ? { provider: 'Vimeo', src: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`, shape: 'video' } : null;
  }
  if (host === 'open.spotify.com') {
    const match = /^\/(?:embed\/)?(track|album|playlist|artist|episode)\/([A-Za-z0-9]+)/.exec(url.pathname);
    return match ? { provider: 'Spotify', src: `https://open.spotify.com/embed/${match[1]}/${match[2]}`, shape: 'audio' } : null;
  }
  if (host === 'soundcloud.com') {
    return url.pathname.length > 1
      ? { provider: 'SoundCloud', src: `https://w.soundcloud.com/player/?url=${encodeURIComponent(`https://soundcloud.com${url.pathname}`)}&auto_play=true`, shape: 'audio' }
      : null;
  }
  return null;
}
