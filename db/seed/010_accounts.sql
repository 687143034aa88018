-- Demo accounts. db/seed.ts runs the files of this folder in name order, once per database.
-- Accounts: admin / DemoAdmin1 and member / DemoMember1.
do $$
declare
  v_admin uuid;
  v_member uuid;
begin
  select user_id into v_admin from app_hidden.sign_up('Ada Admin', 'admin', 'admin@example.com', 'DemoAdmin1', null);
  select user_id into v_member from app_hidden.sign_up('Mo Member', 'member', 'member@example.com', 'DemoMember1', null);
  update app_public.users set is_admin = true where id = v_admin;
  update app_public.users set is_verified = true where id in (v_admin, v_member);
  update app_public.user_emails set is_verified = true where user_id in (v_admin, v_member);
  -- The demo accounts need no verification mail.
  delete from graphile_worker._private_jobs j using graphile_worker._private_tasks t
    where t.id = j.task_id and t.identifier = 'send_email'
      and j.payload->>'to' in ('admin@example.com', 'member@example.com');
  -- Sessions opened by sign-up are not needed.
  delete from app_private.sessions where user_id in (v_admin, v_member);
end
$$;
