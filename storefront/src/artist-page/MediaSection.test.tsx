// Video and audio never load with the page: an external player appears only after 'play', and
// files from storage use the browser's own player without preloading.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { MediaSection } from './MediaSection.tsx';

describe('the artist’s video and audio', () => {
  it('loads the YouTube player only when the visitor presses play', async () => {
    const { container } = renderWithApp(
      <MediaSection artistName="DJ Mees" media={[{ id: 'v1', kind: 'video', storage_path: null, external_url: 'https://youtu.be/dQw4w9WgXcQ', caption: 'Live op een bruiloft' }]} />,
    );
    const play = await screen.findByRole('button', { name: 'Live op een bruiloft afspelen via YouTube' });
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(play);
    const player = await screen.findByTitle('Live op een bruiloft (YouTube)');
    expect(player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
  });

  it('plays uploaded files in the browser’s own player, without preloading', async () => {
    const { container } = renderWithApp(
      <MediaSection
        artistName="DJ Mees"
        media={[
          { id: 'a1', kind: 'audio', storage_path: 'mees/set 1.mp3', external_url: null, caption: '' },
          { id: 'v2', kind: 'video', storage_path: 'mees/show.mp4', external_url: null, caption: 'Aftermovie' },
          { id: 'i1', kind: 'image', storage_path: 'mees/photo.jpg', external_url: null, caption: 'Foto' },
        ]}
      />,
    );
    const audio = await screen.findByLabelText('Muziek van DJ Mees');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio.getAttribute('preload')).toBe('none');
    expect(audio.getAttribute('src')).toMatch(/\/storage\/v1\/object\/public\/artist-media\/mees\/set%201\.mp3$/);
    expect(screen.getByLabelText('Aftermovie').tagName).toBe('VIDEO');
    // Photos belong to the gallery, not here.
    expect(container.querySelectorAll('figure')).toHaveLength(2);
  });

  it('shows nothing when the act has only photos', () => {
    const { container } = renderWithApp(<MediaSection artistName="DJ Mees" media={[{ id: 'i1', kind: 'image', storage_path: 'p.jpg', external_url: null, caption: '' }]} />);
    expect(container.querySelector('figure')).toBeNull();
  });
});
