import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostMedia, postMediaOf } from '../components/post-media';

describe('a post’s media', () => {
  it('shows a neat placeholder, never a broken image, when the image cannot be loaded', () => {
    render(<PostMedia media={{ kind: 'image', url: 'https://cdn.example.test/gone.jpg' }} />);
    const img = screen.getByRole('img', { name: 'The post’s image' });
    fireEvent.error(img);
    expect(screen.queryByRole('img', { name: 'The post’s image' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The image could not be loaded' })).toBeInTheDocument();
  });

  it('plays an uploaded video with the browser’s controls, and says so when it cannot be loaded', () => {
    render(<PostMedia media={{ kind: 'video', url: '/api/content-media/4/?expires=1&signature=abc' }} />);
    const video = screen.getByTestId('post-video');
    expect(video).toHaveAttribute('controls');
    fireEvent.error(video);
    expect(screen.getByRole('img', { name: 'The video could not be loaded' })).toBeInTheDocument();
  });

  it('prefers the uploaded media over the image URL', () => {
    const media = { id: 4, kind: 'video' as const, name: 'teaser.mp4', content_type: 'video/mp4', url: '/api/content-media/4/' };
    expect(postMediaOf({ media, image_url: 'https://cdn.example.test/a.jpg' })).toEqual({ kind: 'video', url: '/api/content-media/4/' });
    expect(postMediaOf({ media: null, image_url: 'https://cdn.example.test/a.jpg' })).toEqual({ kind: 'image', url: 'https://cdn.example.test/a.jpg' });
    expect(postMediaOf({ media: null, image_url: null })).toBeNull();
  });
});
