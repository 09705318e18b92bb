import type { BodyOf, Profile } from '@plinth/api-contract';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';

interface ProfileRow {
  user_id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  inserted_at: Date | string;
}

function present(row: ProfileRow, email: string): Profile {
  return {
    id: row.user_id,
    gotrue_id: row.user_id,
    username: row.username,
    primary_email: email,
    first_name: row.first_name,
    last_name: row.last_name,
    inserted_at: new Date(row.inserted_at).toISOString(),
  };
}

/** A profile is made on first use, named after the email's local part. */
export async function getProfile(ctx: ControlContext, actor: Actor): Promise<Profile> {
  const { rows } = await ctx.db.query<ProfileRow>(
    `insert into profiles (user_id, username) values ($1, $2)
     on conflict (user_id) do update set user_id = excluded.user_id returning *`,
    [actor.userId, actor.email.split('@')[0]],
  );
  return present(rows[0], actor.email);
}

export async function updateProfile(ctx: ControlContext, actor: Actor, body: BodyOf<'profileUpdate'>): Promise<Profile> {
  await getProfile(ctx, actor);
  const { rows } = await ctx.db.query<ProfileRow>(
    `update profiles set
       first_name = case when $2::boolean then $3 else first_name end,
       last_name = case when $4::boolean then $5 else last_name end,
       username = coalesce($6, username)
     where user_id = $1 returning *`,
    [actor.userId, body.first_name !== undefined, body.first_name ?? null, body.last_name !== undefined, body.last_name ?? null, body.username ?? null],
  );
  await recordAudit(ctx.db, actor, { action: 'profile.update', target: actor.email });
  return present(rows[0], actor.email);
}
