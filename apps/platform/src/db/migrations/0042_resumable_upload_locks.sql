-- Who is writing a resumable (TUS) upload right now, so two requests for one upload never write at
-- once, even on two nodes (data-plane/storage/resumable-lock.ts). A row is a lease: its holder
-- (`{node id}:{random}`) renews it every few seconds while the request runs and deletes it when done;
-- a row whose holder died lapses at `expires_at` and is taken over by the next request.
create table resumable_upload_locks (
  upload_id text primary key,
  holder text not null,
  expires_at timestamptz not null
);
