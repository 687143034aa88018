import { act, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Client, Provider } from "urql";
import { filter, fromPromise, fromValue, map, mergeMap, pipe } from "wonka";
import type { Exchange, Operation } from "urql";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { MemoryStorage } from "../../test/helpers.tsx";
import {
  SEARCH_MAX_LENGTH,
  EmptyState,
  FilterChips,
  FilterSelect,
  ItemCard,
  ItemList,
  LayoutToggle,
  ListSkeleton,
  LoadMore,
  ResultCount,
  SearchBox,
  SortSelect,
  listCondition,
  matchesSearch,
  readListState,
  searchItems,
  useClientPaging,
  useConnection,
  useDebouncedValue,
  useListState,
  type ListStateOptions,
} from "./index.ts";
import styles from "./list.module.css";

type Sort = "name" | "newest";
type Filter = "type" | "visibility";
const options = (storage: Storage): ListStateOptions<Sort, Filter> => ({
  defaults: { search: "", sort: "name", layout: "tiles", filters: { type: "", visibility: "" } },
  sorts: ["name", "newest"],
  filters: { type: ["BEEPASS", "COUNCIL"], visibility: ["public", "private"] },
  storage,
});

describe("useListState", () => {
  it("starts from the defaults and remembers changes per list id", () => {
    const storage = new MemoryStorage();
    const { result } = renderHook(() => useListState("groups", options(storage)));
    expect(result.current).toMatchObject({ search: "", sort: "name", layout: "tiles", narrowed: false });
    act(() => {
      result.current.setSort("newest");
      result.current.setLayout("list");
      result.current.setFilter("type", "COUNCIL");
      result.current.setSearch("river");
    });
    expect(result.current.narrowed).toBe(true);
    expect(JSON.parse(storage.getItem("steward.list.groups")!)).toEqual({
      search: "river",
      sort: "newest",
      layout: "list",
      filters: { type: "COUNCIL", visibility: "" },
    });
    // A second mount of the same list comes back as it was left; another list is untouched.
    const again = renderHook(() => useListState("groups", options(storage)));
    expect(again.result.current).toMatchObject({ sort: "newest", layout: "list", search: "river" });
    expect(again.result.current.filters.type).toBe("COUNCIL");
    const other = renderHook(() => useListState("things", options(storage)));
    expect(other.result.current.sort).toBe("name");
  });

  it("reset clears search, sort and filters but keeps the layout", () => {
    const storage = new MemoryStorage();
    const { result } = renderHook(() => useListState("groups", options(storage)));
    act(() => {
      result.current.setLayout("list");
      result.current.setFilter("visibility", "private");
      result.current.setSearch("x");
    });
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ search: "", sort: "name", layout: "list", narrowed: false });
  });

  it("drops stored values that are no longer allowed, and survives junk", () => {
    const storage = new MemoryStorage();
    storage.setItem(
      "steward.list.groups",
      JSON.stringify({ sort: "oldest", layout: "grid", search: 4, filters: { type: "ALIENS", visibility: "public" } }),
    );
    expect(readListState("groups", options(storage))).toEqual({
      search: "",
      sort: "name",
      layout: "tiles",
      filters: { type: "", visibility: "public" },
    });
    storage.setItem("steward.list.groups", "{not json");
    expect(readListState("groups", options(storage)).sort).toBe("name");
  });

  it("does not remember the search when told not to", () => {
    const storage = new MemoryStorage();
    const { result } = renderHook(() => useListState("users", { ...options(storage), rememberSearch: false }));
    act(() => result.current.setSearch("bob"));
    expect(result.current.search).toBe("bob");
    expect(JSON.parse(storage.getItem("steward.list.users")!).search).toBe("");
  });
});

describe("search", () => {
  it("matches every word, ignoring case and accents", () => {
    expect(matchesSearch("cafe river", "Riverside Café", "BEEPASS")).toBe(true);
    expect(matchesSearch("  ", "anything")).toBe(true);
    expect(matchesSearch("orchard", "Riverside", null)).toBe(false);
    const items = [{ name: "Oak Lane" }, { name: "Elm Street" }];
    expect(searchItems(items, "elm", (i) => [i.name])).toEqual([{ name: "Elm Street" }]);
  });

  it("builds a server condition from the search and the filters, leaving out what is empty", () => {
    expect(listCondition("", {})).toBeUndefined();
    expect(listCondition("  ", { type: "", colour: undefined, owner: null })).toBeUndefined();
    expect(listCondition(" oak  lane ", { type: "TREE", isPublic: false, colour: "" })).toEqual({
      type: "TREE",
      isPublic: false,
      search: "oak  lane",
    });
  });
});

describe("useDebouncedValue", () => {
  afterEach(() => vi.useRealTimers());

  it("follows the value only once it has been still for the delay", () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), { initialProps: { value: "" } });
    rerender({ value: "o" });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: "oa" });
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(""); // still typing
    act(() => vi.advanceTimersByTime(150));
    expect(result.current).toBe("oa");
  });
});

describe("useClientPaging", () => {
  const rows = Array.from({ length: 55 }, (_, i) => i + 1);

  it("shows a page at a time and starts again when the search or sort changes", () => {
    const { result, rerender } = renderHook(({ items, key }) => useClientPaging(items, { pageSize: 24, resetKey: key }), {
      initialProps: { items: rows, key: "a" },
    });
    expect(result.current).toMatchObject({ shown: 24, total: 55, hasMore: true });
    act(() => result.current.showMore());
    act(() => result.current.showMore());
    expect(result.current).toMatchObject({ shown: 55, hasMore: false });
    expect(result.current.visible.at(-1)).toBe(55);
    // Fewer rows after a search: still everything there is, and back to one page.
    rerender({ items: rows.slice(0, 30), key: "b" });
    expect(result.current).toMatchObject({ shown: 24, total: 30, hasMore: true });
  });
});

describe("controls", () => {
  it("search box reports typing and clears on Escape", () => {
    const onChange = vi.fn();
    render(<SearchBox label="Search groups" value="oak" onChange={onChange} />);
    const input = screen.getByRole("searchbox", { name: "Search groups" }) as HTMLInputElement;
    // No longer than the server takes.
    expect(input.maxLength).toBe(SEARCH_MAX_LENGTH);
    fireEvent.change(input, { target: { value: "oak l" } });
    expect(onChange).toHaveBeenLastCalledWith("oak l");
    fireEvent.keyDown(input, { key: "Escape" });
    expect(onChange).toHaveBeenLastCalledWith("");
  });

  it("sort and filter selects are labelled and report the value", () => {
    const onSort = vi.fn();
    const onFilter = vi.fn();
    render(
      <>
        <SortSelect
          value="name"
          onChange={onSort}
          options={[
            { value: "name", label: "Name" },
            { value: "newest", label: "Newest" },
          ]}
        />
        <FilterSelect label="Type" value="" onChange={onFilter} allLabel="All types" options={[{ value: "TREE", label: "Tree" }]} />
      </>,
    );
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "newest" } });
    expect(onSort).toHaveBeenCalledWith("newest");
    const type = screen.getByLabelText("Type") as HTMLSelectElement;
    expect([...type.options].map((o) => o.textContent)).toEqual(["All types", "Tree"]);
    fireEvent.change(type, { target: { value: "TREE" } });
    expect(onFilter).toHaveBeenCalledWith("TREE");
  });

  it("filter chips are toggle buttons; pressing the chosen one clears it", () => {
    const onChange = vi.fn();
    render(
      <FilterChips
        label="Visibility"
        value="public"
        onChange={onChange}
        options={[
          { value: "public", label: "Public" },
          { value: "private", label: "Private" },
        ]}
      />,
    );
    expect(screen.getByRole("button", { name: "Public" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Private" }));
    expect(onChange).toHaveBeenLastCalledWith("private");
    fireEvent.click(screen.getByRole("button", { name: "Public" }));
    expect(onChange).toHaveBeenLastCalledWith("");
  });

  it("layout toggle marks the current layout", () => {
    const onChange = vi.fn();
    render(<LayoutToggle value="list" onChange={onChange} />);
    expect(screen.getByRole("button", { name: "List" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Tiles" }));
    expect(onChange).toHaveBeenCalledWith("tiles");
  });

  it("result count words totals and matches", () => {
    const { rerender } = render(<ResultCount shown={24} total={57} noun={["group", "groups"]} />);
    expect(screen.getByRole("status").textContent).toBe("Showing 24 of 57 groups");
    rerender(<ResultCount shown={1} total={1} noun={["group", "groups"]} />);
    expect(screen.getByRole("status").textContent).toBe("1 group");
    // Not counted, more to load: says so rather than a count that looks whole.
    rerender(<ResultCount shown={24} more noun={["group", "groups"]} />);
    expect(screen.getByRole("status").textContent).toBe("Showing 24 groups");
    rerender(<ResultCount shown={30} noun={["group", "groups"]} />);
    expect(screen.getByRole("status").textContent).toBe("30 groups");
    // Narrowed in the browser: no total, the shown rows are the matches.
    rerender(<ResultCount shown={1} noun={["group", "groups"]} narrowed />);
    expect(screen.getByRole("status").textContent).toBe("1 group matches");
    rerender(<ResultCount shown={3} total={null} noun={["group", "groups"]} narrowed />);
    expect(screen.getByRole("status").textContent).toBe("3 groups match");
    // Narrowed on the server: the total is the number of matches, some not loaded yet.
    rerender(<ResultCount shown={24} total={40} noun={["group", "groups"]} narrowed />);
    expect(screen.getByRole("status").textContent).toBe("40 groups match (showing 24)");
  });
});

describe("status pieces", () => {
  it("empty state says what to do, with a link or a button", () => {
    const onClear = vi.fn();
    render(
      <MemoryRouter>
        <EmptyState
          title="No groups yet"
          action={{ label: "Start a group", to: "/groups/new" }}
          secondary={{ label: "Clear filters", onClick: onClear }}
        >
          Groups look after things together.
        </EmptyState>
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "No groups yet" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start a group" }).getAttribute("href")).toBe("/groups/new");
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(onClear).toHaveBeenCalled();
  });

  it("skeleton announces loading; load more shows only while there is more", () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(<ListSkeleton layout="list" count={3} />);
    expect(screen.getByRole("status").textContent).toContain("Loading");
    rerender(<LoadMore hasMore onLoadMore={onLoadMore} shown={24} total={30} />);
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(onLoadMore).toHaveBeenCalled();
    expect(screen.getByText("24 of 30 shown")).toBeTruthy();
    rerender(<LoadMore hasMore={false} onLoadMore={onLoadMore} />);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("item cards link their title and show initials without a picture", () => {
    render(
      <MemoryRouter>
        <ItemList layout="tiles" label="Groups">
          <ItemCard to="/groups/1" title="Riverside Planters" meta="Council" badges={<span className="tag">Public</span>} />
        </ItemList>
      </MemoryRouter>,
    );
    expect(screen.getByRole("list", { name: "Groups" }).className).toBe(`${styles.tiles} item-tiles`);
    expect(screen.getByRole("link", { name: "Riverside Planters" }).getAttribute("href")).toBe("/groups/1");
    expect(screen.getByText("RP")).toBeTruthy();
  });

  it("lays out items that are cards of their own, as an ordered list when asked, and says when it is refreshing", () => {
    const { rerender } = render(
      <ItemList layout="list" variant="cards" as="ol" label="Feed" className="action-list">
        <li>one</li>
      </ItemList>,
    );
    const list = screen.getByRole("list", { name: "Feed" });
    expect(list.tagName).toBe("OL");
    expect(list.className).toBe(`${styles.stack} action-list`);
    expect(list.getAttribute("aria-busy")).toBeNull();
    rerender(
      <ItemList layout="tiles" variant="cards" as="ol" label="Feed" className="action-list" busy>
        <li>one</li>
      </ItemList>,
    );
    expect(screen.getByRole("list", { name: "Feed" }).className).toBe(`${styles.tiles} item-tiles ${styles.busy} action-list`);
    expect(screen.getByRole("list", { name: "Feed" }).getAttribute("aria-busy")).toBe("true");
  });
});

// A client whose only exchange answers from `respond`, so paging runs through real urql.
function fakeClient(respond: (operation: Operation) => unknown) {
  const calls: Operation[] = [];
  const exchange: Exchange = () => (ops$) =>
    pipe(
      ops$,
      filter((operation) => operation.kind !== "teardown"),
      map((operation) => {
        calls.push(operation);
        return { operation, data: respond(operation), stale: false, hasNext: false } as never;
      }),
    );
  const client = new Client({ url: "http://test/graphql", exchanges: [exchange] });
  return { client, calls };
}

const ITEMS = Array.from({ length: 5 }, (_, i) => ({ id: `g${i + 1}`, name: `Group ${i + 1}` }));
const PAGED_QUERY = "query Paged($first: Int, $after: Cursor, $kind: String) { list { nodes { id } } }";

function pagedAnswer(operation: Operation) {
  const { first, after } = operation.variables as { first: number; after: string | null };
  const start = after ? Number(after) : 0;
  const nodes = ITEMS.slice(start, start + first);
  const end = start + nodes.length;
  return { list: { totalCount: ITEMS.length, nodes, pageInfo: { hasNextPage: end < ITEMS.length, endCursor: String(end) } } };
}

describe("useConnection", () => {
  let wrapper: (props: { children: ReactNode }) => ReactNode;
  let calls: Operation[];
  beforeEach(() => {
    const fake = fakeClient(pagedAnswer);
    calls = fake.calls;
    wrapper = ({ children }) => <Provider value={fake.client}>{children}</Provider>;
  });
  afterEach(() => vi.restoreAllMocks());

  type Data = ReturnType<typeof pagedAnswer>;
  const use = (kind = "a") =>
    useConnection<Data, { id: string }>({
      query: PAGED_QUERY,
      variables: { kind },
      connection: (data) => data.list,
      pageSize: 2,
    });

  it("loads page after page with cursors and knows when it is done", async () => {
    const { result } = renderHook(() => use(), { wrapper });
    await vi.waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.nodes.map((n) => n.id)).toEqual(["g1", "g2"]);
    expect(result.current.totalCount).toBe(5);
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await vi.waitFor(() => expect(result.current.nodes).toHaveLength(4));
    act(() => result.current.loadMore());
    await vi.waitFor(() => expect(result.current.nodes).toHaveLength(5));
    expect(result.current.hasMore).toBe(false);
    expect(result.current.loadingMore).toBe(false);
    const afters = calls.map((c) => (c.variables as { after: string | null }).after);
    expect(afters).toContain("2");
    expect(afters).toContain("4");
    expect(calls.every((c) => (c.variables as { first: number }).first === 2)).toBe(true);
  });

  it("keeps showing the previous rows, refreshing, while new variables load", async () => {
    // Answers for kind "b" wait until released, as a slow server would.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const exchange: Exchange = () => (ops$) =>
      pipe(
        ops$,
        filter((operation) => operation.kind !== "teardown"),
        mergeMap((operation) => {
          const result = { operation, data: pagedAnswer(operation), stale: false, hasNext: false } as never;
          return (operation.variables as { kind: string }).kind === "b" ? fromPromise(gate.then(() => result)) : fromValue(result);
        }),
      );
    const client = new Client({ url: "http://test/graphql", exchanges: [exchange] });
    const slowWrapper = ({ children }: { children: ReactNode }) => <Provider value={client}>{children}</Provider>;
    const { result, rerender } = renderHook(({ kind }) => use(kind), { wrapper: slowWrapper, initialProps: { kind: "a" } });
    await vi.waitFor(() => expect(result.current.loading).toBe(false));
    rerender({ kind: "b" });
    // No skeleton: the old rows stay, marked as refreshing, and cannot page meanwhile.
    expect(result.current).toMatchObject({ loading: false, refreshing: true, hasMore: false });
    expect(result.current.nodes.map((n) => n.id)).toEqual(["g1", "g2"]);
    act(() => release());
    await vi.waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(result.current.hasMore).toBe(true);
  });

  it("starts again from the first page when the variables change", async () => {
    const { result, rerender } = renderHook(({ kind }) => use(kind), { wrapper, initialProps: { kind: "a" } });
    await vi.waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.loadMore());
    await vi.waitFor(() => expect(result.current.nodes).toHaveLength(4));
    rerender({ kind: "b" });
    await vi.waitFor(() => expect(result.current.nodes).toHaveLength(2));
    expect((calls.at(-1)!.variables as { kind: string }).kind).toBe("b");
  });
});
