import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-subtle', className)} {...props} />;
}

/** A skeleton inside a line of text (a figure still loading in a paragraph), where a block cannot go. */
export function InlineSkeleton({ className }: { className?: string }) {
  return <span aria-hidden className={cn('inline-block animate-pulse rounded-md bg-subtle align-middle', className)} />;
}

export interface SkeletonGroupProps {
  /** What is loading, for screen readers (e.g. "Loading notifications"); the shapes themselves are hidden. */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * A loading placeholder: skeleton shapes and one status that says what is loading (like Spinner: role="status" with
 * the text inside, not an aria-label on a plain div). aria-busy marks the region as not ready yet.
 */
export function SkeletonGroup({ label, className, children }: SkeletonGroupProps) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

export interface ListSkeletonProps {
  label: string;
  /** How many placeholder rows. */
  rows?: number;
  /** The avatar's size: sm 32 px (notifications), md 40 px (people and conversations). */
  avatar?: 'sm' | 'md';
  /** The list's layout (padding, dividers, grid). */
  className?: string;
  /** Each row's padding. */
  rowClassName?: string;
}

/** Rows of an avatar and two lines of text, while a list of people, conversations or notifications loads. */
export function ListSkeleton({ label, rows = 3, avatar = 'sm', className, rowClassName }: ListSkeletonProps) {
  return (
    <SkeletonGroup label={label} className={className}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={cn('flex items-center gap-3', rowClassName)}>
          <Skeleton className={cn('shrink-0 rounded-full', avatar === 'md' ? 'h-10 w-10' : 'h-8 w-8')} />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-1/2" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        </div>
      ))}
    </SkeletonGroup>
  );
}
