-- Demo community around Reading, UK: people, groups, things with devices, care actions, tasks
-- and the badges they earn. Runs once, as the owner, after the demo accounts (010). What makes it
-- look alive (pictures, 30 days of readings and waterings, the weather sample, browsing
-- history) is added by db/demo/ after these files, see db/seed.ts.
do $$
declare
  v_admin uuid := (select id from app_public.users where username = 'admin');
  v_member uuid := (select id from app_public.users where username = 'member');
  v_people uuid[];
  v_groups jsonb := '{}';
  v_things jsonb := '{}';
  v_id uuid;
  r record;
begin
  -- People (passphrase DemoMember1 for all).
  select array_agg(user_id order by ord) into v_people from (
    select (app_hidden.sign_up(n, u, u || '@example.com', 'DemoMember1', null)).user_id, ord
    from (values ('Priya Shah', 'priya', 1), ('Tom Okafor', 'tom', 2), ('Elena Rossi', 'elena', 3),
                 ('Sam Whitley', 'sam', 4), ('Grace Lin', 'grace', 5), ('Owen Price', 'owen', 6)) p (n, u, ord)
  ) s;
  update app_public.users set is_verified = true where id = any(v_people);
  update app_public.user_emails set is_verified = true where user_id = any(v_people);
  delete from graphile_worker._private_jobs j using graphile_worker._private_tasks t
    where t.id = j.task_id and t.identifier = 'send_email' and j.payload->>'to' like '%@example.com';
  -- Spread their sign-ins (and so their first badge) over the last weeks.
  update app_private.sessions set created_at = now() - (random() * interval '20 days') where user_id = any(v_people);

  -- Groups, each with an owner and members.
  for r in select * from (values
    ('reading-bee-pass', 'Reading Bee Pass', 'BEEPASS', 'Bee cafes and wildflower patches across Reading, linking the Thames and Kennet corridors.', 1, array[1, 2, 3]),
    ('caversham-court-growers', 'Caversham Court Growers', 'GROWER', 'Volunteers who keep the raised beds and planters of Caversham Court Gardens.', 2, array[2, 4]),
    ('whitley-estate', 'Whitley Estate Residents', 'ESTATE', 'Residents looking after the planters, benches and bins of the Whitley estate.', 4, array[4, 5, 6]),
    ('reading-council-parks', 'Reading Borough Council Parks', 'COUNCIL', 'The council''s parks team, working with volunteers on street trees and parks.', 0, array[1, 5]),
    ('prospect-park-orchard', 'Prospect Park Orchard', 'ORCHARD', 'A community orchard of heritage apple and pear trees in Prospect Park.', 3, array[3, 6])
  ) g (slug, name, type, description, owner_ix, member_ix)
  loop
    insert into app_public.groups (name, type, description, slug, is_public)
      values (r.name, r.type::app_public.group_type, r.description, r.slug, true) returning id into v_id;
    v_groups := v_groups || jsonb_build_object(r.slug, v_id);
    insert into app_public.group_memberships (group_id, user_id, is_owner)
      values (v_id, case when r.owner_ix = 0 then v_admin else v_people[r.owner_ix] end, true);
    insert into app_public.group_memberships (group_id, user_id)
      select v_id, v_people[m] from unnest(r.member_ix) m where m <> r.owner_ix;
  end loop;
  insert into app_public.group_memberships (group_id, user_id)
    select (v_groups->>'reading-bee-pass')::uuid, v_member union all
    select (v_groups->>'caversham-court-growers')::uuid, v_member;

  -- Things at real places around the town (x = latitude, y = longitude).
  for r in select * from (values
    ('forbury-planter', 'Forbury Gardens Planter', 'PLANTER', 'reading-council-parks', 51.4564, -0.9665, 'By the Maiwand Lion, east side of the gardens', 0, 'WATER'),
    ('forbury-beecafe', 'Forbury Bee Cafe', 'BEECAFE', 'reading-bee-pass', 51.4569, -0.9673, 'Wildflower strip along the abbey wall', 1, 'WATER'),
    ('broad-street-planters', 'Broad Street Planters', 'PLANTER', 'reading-council-parks', 51.4553, -0.9744, 'Row of six planters outside the Oracle entrance', 5, 'WATER'),
    ('caversham-raised-beds', 'Caversham Court Raised Beds', 'VEGETABLEBED', 'caversham-court-growers', 51.4683, -0.9740, 'Walled kitchen garden, south terrace', 2, 'WATER'),
    ('caversham-herb-bed', 'Caversham Court Herb Bed', 'FLOWERBED', 'caversham-court-growers', 51.4687, -0.9747, 'Next to the gazebo', 4, 'P_H'),
    ('christchurch-meadow', 'Christchurch Meadows Wildflowers', 'MEADOW', 'reading-bee-pass', 51.4649, -0.9725, 'Riverside meadow by the children''s play area', 3, 'WATER'),
    ('kings-meadow-hedge', 'King''s Meadow Hedge', 'HEDGE', 'reading-bee-pass', 51.4620, -0.9586, 'Native hedge along the Thames path', 1, 'WATER'),
    ('prospect-apple-1', 'Prospect Park Bramley', 'TREE', 'prospect-park-orchard', 51.4480, -1.0040, 'Orchard row A, first tree from the mansion side', 3, 'WATER'),
    ('prospect-pear-1', 'Prospect Park Conference Pear', 'TREE', 'prospect-park-orchard', 51.4484, -1.0046, 'Orchard row B', 6, 'WATER'),
    ('whitley-bench', 'Whitley Wood Bench', 'BENCH', 'whitley-estate', 51.4263, -0.9700, 'Green at the top of Whitley Wood Road', 4, 'WATER'),
    ('whitley-bins', 'Whitley Community Bins', 'BIN', 'whitley-estate', 51.4270, -0.9712, 'Recycling point behind the shops', 5, 'WATER'),
    ('whitley-planter', 'Whitley Estate Planter', 'PLANTER', 'whitley-estate', 51.4258, -0.9693, 'By the bus stop on Northumberland Avenue', 6, 'WATER'),
    ('palmer-park-mural', 'Palmer Park Mural', 'MURAL', 'reading-council-parks', 51.4545, -0.9395, 'Wall of the sports pavilion', 5, 'WATER'),
    ('oxford-road-bookshare', 'Oxford Road Book Share', 'BOOKSHARE', 'reading-bee-pass', 51.4590, -0.9920, 'Old phone box outside the library', 2, 'WATER')
  ) t (slug, name, type, group_slug, x, y, location_description, owner_ix, indicator)
  loop
    insert into app_public.things (group_id, name, type, location, location_description, is_public, indicator_parameter, created_by, created_at)
      values ((v_groups->>r.group_slug)::uuid, r.name, r.type::app_public.thing_type, point(r.x, r.y), r.location_description, true,
              r.indicator::app_public.indicator_parameter, case when r.owner_ix = 0 then v_admin else v_people[r.owner_ix] end,
              now() - interval '32 days')
      returning id into v_id;
    v_things := v_things || jsonb_build_object(r.slug, v_id);
    insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator)
      values (v_id, case when r.owner_ix = 0 then v_admin else v_people[r.owner_ix] end, true, true);
    insert into app_public.actions (thing_id, type, comments, created_by, created_at)
      values (v_id, 'CREATED', 'Added ' || r.name, case when r.owner_ix = 0 then v_admin else v_people[r.owner_ix] end, now() - interval '32 days');
  end loop;
  -- The demo member collaborates on a few, and cares most about the bee cafe.
  insert into app_public.thing_accesses (thing_id, user_id, is_collaborator)
    select (v_things->>s)::uuid, v_member, true from unnest(array['forbury-beecafe', 'caversham-raised-beds', 'broad-street-planters']) s;
  update app_public.users set one_thing_id = (v_things->>'forbury-beecafe')::uuid where id = v_member;
  insert into app_public.thing_accesses (thing_id, user_id, is_collaborator)
    select (v_things->>s)::uuid, v_people[p], true
    from (values ('forbury-planter', 2), ('christchurch-meadow', 1), ('prospect-apple-1', 6), ('whitley-planter', 4)) c (s, p)
    on conflict do nothing;

  -- Devices fitted to things.
  for r in select * from (values
    ('eui-a84041000000a101', 'Forbury planter probe', 'LSE01', 'forbury-planter', 0),
    ('eui-a84041000000a102', 'Bee cafe soil probe', 'LSE01', 'forbury-beecafe', 1),
    ('eui-a84041000000a103', 'Broad Street probe', 'LSE01', 'broad-street-planters', 5),
    ('eui-a84041000000a104', 'Raised beds probe', 'LSE01', 'caversham-raised-beds', 2),
    ('eui-a84041000000b201', 'Herb bed pH probe', 'LSPH01', 'caversham-herb-bed', 4),
    ('eui-a84041000000a105', 'Bramley root probe', 'LSE01', 'prospect-apple-1', 3),
    ('eui-70b3d57ed0000c01', 'Raised beds pump', 'THE_THINGS_UNO', 'caversham-raised-beds', 2)
  ) d (device_id, name, model, thing_slug, owner_ix)
  loop
    insert into app_public.devices (device_id, name, model, location, thing_id, is_public, indicator_parameter, created_at)
      select r.device_id, r.name, r.model::app_public.device_model, t.location, t.id, true,
             case when r.model = 'LSPH01' then 'PH' else 'WATER' end::app_public.device_indicator_parameter, now() - interval '31 days'
      from app_public.things t where t.id = (v_things->>r.thing_slug)::uuid
      returning id into v_id;
    insert into app_public.device_accesses (device_id, user_id, is_owner)
      values (v_id, case when r.owner_ix = 0 then v_admin else v_people[r.owner_ix] end, true);
  end loop;

  -- Care actions over the last weeks (these earn the badges).
  insert into app_public.actions (thing_id, type, comments, created_by, created_at)
  select (v_things->>a.thing)::uuid, a.type::app_public.action_type, a.comments, v_people[a.who], now() - make_interval(hours => a.hours_ago)
  from (values
    ('forbury-planter', 'WATERING', 'Two full cans, soil was very dry underneath', 2, 300),
    ('forbury-planter', 'UPKEEP', 'Deadheaded the geraniums and pulled a few weeds', 5, 200),
    ('forbury-beecafe', 'WATERING', 'Watered the new phacelia plugs', 1, 120),
    ('forbury-beecafe', 'EDUCATION', 'Showed a school group how to spot bumblebee species', 3, 90),
    ('broad-street-planters', 'LITTER_CLEANUP', 'Cleared cans and crisp packets from all six planters', 5, 60),
    ('broad-street-planters', 'WATERING', 'Watered after the hot afternoon', 5, 30),
    ('caversham-raised-beds', 'WATERING', 'Evening watering, beans and courgettes', 2, 50),
    ('caversham-raised-beds', 'UPKEEP', 'Mulched the beds with compost from the bays', 4, 150),
    ('caversham-herb-bed', 'MEASUREMENT', 'Checked pH with a kit to compare with the probe: about 6.5', 4, 70),
    ('christchurch-meadow', 'LITTER_CLEANUP', 'Picnic litter after the weekend', 1, 40),
    ('christchurch-meadow', 'EDUCATION', 'Wildflower walk for the Brownies', 3, 240),
    ('kings-meadow-hedge', 'UPKEEP', 'Cut back brambles from the path side', 1, 400),
    ('prospect-apple-1', 'WATERING', 'Soaked the roots, three cans', 3, 100),
    ('prospect-apple-1', 'MEASUREMENT', 'Trunk girth 41 cm at 1 m', 6, 300),
    ('prospect-pear-1', 'UPKEEP', 'Removed suckers and checked the tree guard', 6, 180),
    ('whitley-bench', 'UPKEEP', 'Sanded and oiled the seat slats', 4, 220),
    ('whitley-bins', 'LITTER_CLEANUP', 'Tidied around the recycling bins', 5, 20),
    ('whitley-planter', 'WATERING', 'Watered the bedding plants', 6, 26),
    -- Things without a probe get their water need from these and db/demo/waterings.ts (the
    -- water-balance model), with the weather sample of db/demo/weather.ts: the herb bed needs
    -- water and the hedge is due soon; once Open-Meteo answers, the real weather decides.
    ('caversham-herb-bed', 'WATERING', 'Watered the herbs after repotting the mint', 4, 120),
    ('kings-meadow-hedge', 'WATERING', 'Watered the new whips along the path', 1, 121),
    ('prospect-pear-1', 'WATERING', 'A can round the pear after fixing the guard', 6, 432),
    ('christchurch-meadow', 'WATERING', 'Bowser round the new plug plants', 3, 72),
    ('palmer-park-mural', 'UPKEEP', 'Cleaned off a small tag with the approved remover', 5, 350),
    ('oxford-road-bookshare', 'SHARE', 'Restocked with children''s books donated by the library', 2, 80)
  ) a (thing, type, comments, who, hours_ago);
  insert into app_public.actions (thing_id, type, comments, created_by, created_at)
    values ((v_things->>'caversham-raised-beds')::uuid, 'WATERING', 'Watered the raised beds before work', v_member, now() - interval '28 hours');
  -- Most waterings say how much water they gave (issue 21; the litres badge counts them).
  update app_public.actions a set litres = v.litres
  from (values
    ('Two full cans, soil was very dry underneath', 20.0),
    ('Watered the new phacelia plugs', 2.5),
    ('Watered after the hot afternoon', 50.0),
    ('Evening watering, beans and courgettes', 30.0),
    ('Soaked the roots, three cans', 30.0),
    ('Watered the raised beds before work', 20.0),
    ('Watered the bedding plants', 8.0),
    ('Watered the herbs after repotting the mint', 10.0),
    ('Watered the new whips along the path', 5.0),
    ('A can round the pear after fixing the guard', 15.0),
    ('Bowser round the new plug plants', 200.0)
  ) v (comments, litres)
  where a.type = 'WATERING' and a.comments = v.comments;

  -- Tasks, some assigned.
  insert into app_public.tasks (thing_id, action_type, title, description, status, priority, due_date, created_by, created_at)
  select (v_things->>k.thing)::uuid, k.type::app_public.action_type, k.title, k.notes, k.status::app_public.task_status,
         k.priority::app_public.task_priority, current_date + k.due_in, v_people[k.creator], now() - interval '3 days'
  from (values
    ('forbury-beecafe', 'WATERING', 'Water the bee cafe', 'The probe says it is dry; a thorough soak, not a sprinkle.', 'notStarted', 'high', 0, 1),
    ('broad-street-planters', 'LITTER_CLEANUP', 'Saturday litter pick on Broad Street', 'Meet by the Oracle entrance at 10:00; pickers in the shed.', 'notStarted', 'normal', 3, 5),
    ('caversham-raised-beds', 'UPKEEP', 'Net the brassicas', 'Pigeons have found the kale.', 'inProgress', 'medium', 1, 2),
    ('prospect-apple-1', 'MEASUREMENT', 'Autumn tree survey', 'Girth, canopy spread and any canker.', 'notStarted', 'low', 14, 3),
    ('whitley-bench', 'UPKEEP', 'Replace the loose bolt on the bench', null, 'completed', 'normal', -2, 4),
    ('christchurch-meadow', 'EDUCATION', 'Plan the spring wildflower walk', 'Book the date with the scouts.', 'notStarted', 'low', 30, 3)
  ) k (thing, type, title, notes, status, priority, due_in, creator);
  insert into app_public.task_assignments (task_id, assigned_to, assigned_by)
    select t.id, u, t.created_by from app_public.tasks t,
      lateral (values (case t.title when 'Water the bee cafe' then v_member when 'Net the brassicas' then v_member
                                    when 'Saturday litter pick on Broad Street' then v_people[6] when 'Autumn tree survey' then v_people[6] end)) a (u)
    where a.u is not null;
end
$$;
