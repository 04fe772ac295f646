#pragma once

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QHeaderView>
#include <QLabel>
#include <QList>
#include <QMetaMethod>
#include <QPair>
#include <QRect>
#include <QScrollBar>
#include <QStringList>
#include <QTabBar>
#include <QTableView>
#include <QWidget>

// What "readable" means on a screen, as checks on the widgets shown (header only, for the GUI tests): no
// text cut, no painted labels over each other, no control out of sight. Each returns what it found wrong,
// named so the failure says where to look.
namespace tidemark::test {

inline QString widgetName(const QWidget* w) {
    QString name = QString::fromLatin1(w->metaObject()->className());
    for (const QWidget* p = w; p; p = p->parentWidget())
        if (!p->objectName().isEmpty()) {
            name += QStringLiteral(" in ") + p->objectName();
            break;
        }
    return name;
}

// The part of `w` that is on screen: its rectangle clipped by every ancestor (a scroll area's viewport, a
// splitter pane), in window coordinates.
inline QRect visiblePart(const QWidget* w) {
    QRect r(w->mapTo(w->window(), QPoint(0, 0)), w->size());
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget())
        r &= QRect(p->mapTo(w->window(), QPoint(0, 0)), p->size());
    return r;
}

// The control is wholly on screen: nothing of it scrolled or clipped away.
inline bool wholyVisible(const QWidget* w) {
    return w->isVisible() && visiblePart(w) == QRect(w->mapTo(w->window(), QPoint(0, 0)), w->size());
}

// Labels and buttons whose text does not fit the room they were given (a label without word wrap narrower
// than its text, a wrapped one shorter than its lines, a button narrower than its text), among the widgets
// under `root` that are on screen.
inline QStringList cutTexts(const QWidget* root) {
    QStringList problems;
    const auto onScreen = [](const QWidget* w) { return w->isVisible() && !visiblePart(w).isEmpty(); };
    for (const QLabel* label : root->findChildren<QLabel*>()) {
        if (!onScreen(label) || label->text().isEmpty() || !label->pixmap().isNull())
            continue;
        // A label that shortens its text itself (FittingLabel) says when even its shortest form was elided.
        const bool cut = label->property("elided").toBool() ||
                         (label->wordWrap() ? label->heightForWidth(label->width()) > label->height() + 1
                                            : label->minimumSizeHint().width() > label->width() + 1 &&
                                                  label->sizeHint().width() > label->width() + 1);
        if (cut)
            problems << QStringLiteral("%1 \"%2\" is cut (%3×%4)")
                            .arg(widgetName(label), label->text().left(60))
                            .arg(label->width())
                            .arg(label->height());
    }
    for (const QAbstractButton* button : root->findChildren<QAbstractButton*>()) {
        if (!onScreen(button) || button->text().isEmpty() || qobject_cast<const QTabBar*>(button->parent()))
            continue;
        if (button->minimumSizeHint().width() > button->width() + 1)
            problems << QStringLiteral("%1 \"%2\" is %3 px wide, its text needs %4")
                            .arg(widgetName(button), button->text())
                            .arg(button->width())
                            .arg(button->minimumSizeHint().width());
    }
    return problems;
}

// Tables on screen whose cells or headers are cut in a visible column; with `noSideways`, also a table that
// needs its horizontal scroll bar.
inline QStringList cutTables(const QWidget* root, bool noSideways) {
    QStringList problems;
    for (const QTableView* table : root->findChildren<QTableView*>()) {
        if (!table->isVisible() || visiblePart(table).isEmpty() || !table->model() ||
            table->model()->rowCount() == 0)
            continue;
        // In pixels: the scroll bar counts columns when the table scrolls per item.
        const int overflow = table->horizontalHeader()->length() - table->viewport()->width();
        if (noSideways && overflow > 1)
            problems << QStringLiteral("%1 scrolls sideways (%2 px)").arg(widgetName(table)).arg(overflow);
        const QHeaderView* header = table->horizontalHeader();
        // Columns of long names the table elides on purpose (whole in their tooltips): their cells may be
        // cut.
        const QVariantList elided = table->property("elidedColumns").toList();
        for (int c = 0; c < header->count(); ++c) {
            if (header->isSectionHidden(c) || header->sectionSize(c) == 0)
                continue;
            const int width = header->sectionSize(c);
            const QString title = table->model()->headerData(c, Qt::Horizontal).toString();
            if (header->isVisible() && header->sectionSizeHint(c) > width + 1 && !elided.contains(c))
                problems << QStringLiteral("%1: the header \"%2\" is cut (%3 < %4)")
                                .arg(widgetName(table), title)
                                .arg(width)
                                .arg(header->sectionSizeHint(c));
            else if (const int need = static_cast<const QAbstractItemView*>(table)->sizeHintForColumn(c);
                     need > width + 1 && !elided.contains(c))
                problems << QStringLiteral("%1: column \"%2\" is %3 px, its cells need %4")
                                .arg(widgetName(table), title)
                                .arg(width)
                                .arg(need);
        }
    }
    return problems;
}

// Widgets that paint their own text say where (Q_INVOKABLE QList<QPair<QString, QRect>> drawnLabels()):
// no two of those texts overlap and each lies inside its widget.
inline QStringList overprintedLabels(const QWidget* root, int* charts = nullptr) {
    QStringList problems;
    int found = 0;
    QList<const QWidget*> widgets{root};
    for (const QWidget* w : root->findChildren<QWidget*>())
        widgets << w;
    for (const QWidget* w : widgets) {
        const int index = w->metaObject()->indexOfMethod("drawnLabels()");
        if (!w->isVisible() || index < 0)
            continue;
        const QMetaMethod method = w->metaObject()->method(index);
        QList<QPair<QString, QRect>> labels;
        // The method's own type name: invoke() matches return types by name.
        if (!method.invoke(const_cast<QWidget*>(w), Qt::DirectConnection,
                           QReturnArgument<QList<QPair<QString, QRect>>>(method.typeName(), labels)))
            problems << QStringLiteral("%1: drawnLabels() could not be called").arg(widgetName(w));
        ++found;
        for (int i = 0; i < labels.size(); ++i) {
            if (!w->rect().contains(labels[i].second))
                problems << QStringLiteral("%1: \"%2\" lies outside it").arg(widgetName(w), labels[i].first);
            for (int j = i + 1; j < labels.size(); ++j)
                if (labels[i].second.intersects(labels[j].second))
                    problems << QStringLiteral("%1: \"%2\" and \"%3\" overlap")
                                    .arg(widgetName(w), labels[i].first, labels[j].first);
        }
    }
    if (charts)
        *charts = found;
    return problems;
}

// What is wrong with one chart's painted labels, painted at its current size: none drawn, one outside the
// chart or two overlapping ("" when nothing is).
template <class Chart> QString labelFault(Chart* chart) {
    chart->grab();
    const QList<QPair<QString, QRect>> labels = chart->drawnLabels();
    if (labels.isEmpty())
        return QStringLiteral("no label drawn");
    for (qsizetype i = 0; i < labels.size(); ++i) {
        if (!chart->rect().contains(labels[i].second))
            return QStringLiteral("'%1' outside the chart").arg(labels[i].first);
        for (qsizetype j = i + 1; j < labels.size(); ++j)
            if (labels[i].second.intersects(labels[j].second))
                return QStringLiteral("'%1' overlaps '%2'").arg(labels[i].first, labels[j].first);
    }
    return {};
}

} // namespace tidemark::test
