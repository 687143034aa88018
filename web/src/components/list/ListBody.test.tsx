import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ListContent, ListFooter, loadMoreProps } from "./index.ts";

const content = (load: Parameters<typeof ListContent<string>>[0]["load"], empty: boolean) =>
  render(
    <ListContent
      layout="list"
      load={load}
      errorMessage={(error: string) => `Failed: ${error}`}
      loadingLabel="Loading groups"
      empty={empty ? <p>No groups yet</p> : null}
    >
      <p>The items</p>
    </ListContent>,
  );

describe("ListContent", () => {
  it("shows the error in place of the list only while nothing is loaded, with a retry", () => {
    const refetch = vi.fn();
    content({ loading: false, error: "offline", refetch, nodes: [] }, true);
    expect(screen.getByRole("alert").textContent).toContain("Failed: offline");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(refetch).toHaveBeenCalledTimes(1);
    cleanup();
    content({ loading: false, error: "offline", nodes: [1] }, false);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("The items")).toBeTruthy();
  });

  it("shows the skeleton while loading, then the empty state or the items", () => {
    content({ loading: true }, true);
    expect(screen.getByRole("status").textContent).toBe("Loading groups");
    expect(screen.queryByText("No groups yet")).toBeNull();
    cleanup();
    content({ loading: false }, true);
    expect(screen.getByText("No groups yet")).toBeTruthy();
    expect(screen.queryByText("The items")).toBeNull();
  });
});

describe("ListFooter", () => {
  it("counts and loads more from a connection or from paging in the browser", () => {
    const loadMore = vi.fn();
    const { rerender } = render(
      <ListFooter
        count={{ shown: 24, total: 57, noun: ["group", "groups"] }}
        more={{ hasMore: true, loadingMore: false, loadMore, nodes: new Array(24), totalCount: 57 }}
        moreLabel="More groups"
      />,
    );
    expect(screen.getByRole("status").textContent).toBe("Showing 24 of 57 groups");
    fireEvent.click(screen.getByRole("button", { name: "More groups" }));
    expect(loadMore).toHaveBeenCalledTimes(1);
    const showMore = vi.fn();
    rerender(<ListFooter count={null} more={{ hasMore: true, showMore, shown: 24, total: 30 }} />);
    expect(screen.queryByRole("status")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(showMore).toHaveBeenCalledTimes(1);
  });

  it("maps both sources to LoadMore's props", () => {
    const loadMore = () => {};
    expect(loadMoreProps({ hasMore: false, loadingMore: true, loadMore, nodes: [1, 2], totalCount: 9 })).toEqual({
      hasMore: false,
      loading: true,
      onLoadMore: loadMore,
      shown: 2,
      total: 9,
    });
  });
});
