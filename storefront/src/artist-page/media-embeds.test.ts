import { describe, expect, it } from 'vitest';
import { mediaEmbed } from './media-embeds.ts';

describe('external media players', () => {
  it('plays YouTube through its privacy-enhanced player, whatever link form', () => {
    for (const url of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10']) {
      expect(mediaEmbed(url)).toEqual({ provider: 'YouTube', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0', shape: 'video' });
    }
  });

  it('plays Vimeo, Spotify and SoundCloud', () => {
    expect(mediaEmbed('https://vimeo.com/76979871')).toMatchObject({ provider: 'Vimeo', src: 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1' });
    expect(mediaEmbed('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC')).toMatchObject({
      provider: 'Spotify',
      src: 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
      shape: 'audio',
    });
    expect(mediaEmbed('https://soundcloud.com/band/live-set')).toMatchObject({ provider: 'SoundCloud', shape: 'audio' });
  });

  it('refuses what it cannot play safely', () => {
    expect(mediaEmbed('http://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(mediaEmbed('https://www.youtube.com/watch?v=<script>')).toBeNull();
    expect(mediaEmbed('https://example.com/video.mp4')).toBeNull();
    expect(mediaEmbed('geen link')).toBeNull();
  });
});
