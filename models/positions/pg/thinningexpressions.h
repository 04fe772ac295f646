#pragma once

#include <QString>
#include <initializer_list>
#include <utility>

// The pieces of the thinning statement's SQL that thinningstatement.cpp assembles: the placeholder filler,
// the geometry of geodesy.h in SQL, how a slice is named from each place in the statement, and the keep
// rules. Internal to the positions library.
namespace tidemark::positions::thinningsql {

// Expands {NAME} placeholders; keeps the SQL readable as SQL.
QString fill(QString text, std::initializer_list<std::pair<const char*, QString>> values);

// planeStep(a → b) of geodesy.h, same operations in the same order (phi/lam already in radians).
QString dxExpr(const QString& phiA, const QString& lamA, const QString& phiB, const QString& lamB);
QString dyExpr(const QString& phiA, const QString& phiB);

// How the SQL names the slice it judges, as seen from one place in the statement: one slice's parameters
// ($1 the mower, $2 / $3 its bounds), or in a batch the columns of the slice's row (sb, se, under an alias)
// that every row of its context carries with its index k. A batch's slices are one mower's, named by the
// first element of $1 rather than by the row's sm: a Citus coordinator routes a statement to one shard only
// when every read of a distributed table names its mower_id as a value.
struct SliceNames {
    QString mower, begin, end;
    QString contextLow() const { return begin + QStringLiteral(" - interval '10 minutes'"); }
    QString contextHigh() const { return end + QStringLiteral(" + interval '10 minutes'"); }
};
extern const SliceNames kParams;
extern const QString kBatchMower;
// The same slice named from the rows of s, from inside a subquery on s's row and from sl's row.
SliceNames inRows(bool batch);
SliceNames inSubquery(bool batch);
SliceNames inSliceRow(bool batch);

// The keep rules on the columns of s, each a boolean that is never NULL.
struct Rules {
    QString bin, gap, blades, rtk, turn, error;
    QString edges; // blades OR rtk, valid only where gap is false (both neighbours exist): for the keep test
};
Rules rules(bool batch);
// Cheapest first, so that a kept row skips the rest; edges stands for blades and rtk (see Rules).
QString keepExpr(const Rules& r);
QString reasonsExpr(const Rules& r);

} // namespace tidemark::positions::thinningsql
